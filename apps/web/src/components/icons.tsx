import type { ReactNode, SVGProps } from 'react';

/** A few line icons drawn inline (24×24, stroke = currentColor); decorative, so hidden from screen readers. */

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(paths: ReactNode) {
  return function Icon({ size = 18, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const IconTasks = icon(
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2" />
  </>,
);
export const IconQueries = icon(
  <>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M10 9.5a2 2 0 1 1 2.5 1.9c-.3.1-.5.4-.5.7v.4" />
  </>,
);
export const IconOrders = icon(
  <>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </>,
);
export const IconTruck = icon(
  <>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </>,
);
export const IconCustomers = icon(
  <>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <path d="M16 4.5a3.2 3.2 0 0 1 0 6.2M18 14.2c1.8.8 3 2.7 3 5.8" />
  </>,
);
export const IconUser = icon(
  <>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 20c0-3.9 3.1-7 7-7s7 3.1 7 7" />
  </>,
);
export const IconSend = icon(<path d="M21 3L3 10.5l7 2.5 2.5 7zM21 3L10 13" />);
export const IconCalendar = icon(
  <>
    <rect x="4" y="5" width="16" height="15" rx="1.5" />
    <path d="M8 3v4M16 3v4M4 10h16" />
  </>,
);
export const IconArchive = icon(
  <>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11h14V8M10 12h4" />
  </>,
);
export const IconCoins = icon(
  <>
    <ellipse cx="12" cy="6" rx="7" ry="3" />
    <path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6" />
    <path d="M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6" />
  </>,
);
export const IconChart = icon(<path d="M4 20h16M7 16v-5M12 16V7M17 16v-8" />);
export const IconReceipt = icon(
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </>,
);
export const IconSettings = icon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.8v2.4M12 18.8v2.4M4.2 7.5l2 1.2M17.8 15.3l2 1.2M4.2 16.5l2-1.2M17.8 8.7l2-1.2" />
    <circle cx="12" cy="12" r="7" />
  </>,
);
export const IconShield = icon(<path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />);
export const IconTrash = icon(
  <>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
  </>,
);
export const IconEdit = icon(
  <>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>,
);
export const IconPlus = icon(<path d="M12 5v14M5 12h14" />);
export const IconLogout = icon(
  <>
    <path d="M14 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-3" />
    <path d="M9 12h12M18 9l3 3-3 3" />
  </>,
);
export const IconChevronLeft = icon(<path d="M15 6l-6 6 6 6" />);
export const IconChevronRight = icon(<path d="M9 6l6 6-6 6" />);
export const IconChevronsLeft = icon(<path d="M11 6l-6 6 6 6M18 6l-6 6 6 6" />);
export const IconChevronsRight = icon(<path d="M6 6l6 6-6 6M13 6l6 6-6 6" />);
export const IconSortAsc = icon(<path d="M12 19V5M6 11l6-6 6 6" />);
export const IconSortDesc = icon(<path d="M12 5v14M6 13l6 6 6-6" />);
export const IconSortNone = icon(<path d="M8 9l4-4 4 4M8 15l4 4 4-4" />);
export const IconFilter = icon(<path d="M4 5h16l-6 7v6l-4 2v-8z" />);
export const IconX = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const IconMap = icon(<path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14" />);
export const IconCopy = icon(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 00-2-2H6a2 2 0 00-2 2v8a2 2 0 002 2h2" />
  </>,
);
export const IconRestore = icon(<path d="M4 12a8 8 0 108-8 8.5 8.5 0 00-6 2.5L4 8M4 4v4h4" />);
export const IconChevronDown = icon(<path d="M6 9l6 6 6-6" />);
export const IconDownload = icon(<path d="M12 4v11M7 10l5 5 5-5M5 20h14" />);
export const IconAlertTriangle = icon(
  <>
    <path d="M12 4L2.5 20h19z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </>,
);
/** A paperclip: a file attached (issue 37, 'Dołącz CMR'). */
export const IconPaperclip = icon(
  <path d="M15 7l-6.5 6.5a2 2 0 003 3L18 10a4 4 0 00-6-6l-6.5 6.5a6 6 0 008.5 8.5L20 13" />,
);
export const IconArrowsExchange = icon(<path d="M4 8h14l-3-3M20 16H6l3 3" />);
export const IconCheck = icon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const IconPhone = icon(
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2" />,
);
export const IconColumns = icon(<path d="M4 5h16v14H4zM9.5 5v14M14.5 5v14" />);
export const IconCloudUpload = icon(
  <>
    <path d="M7 18a4.5 4.5 0 0 1-.5-8.97A6 6 0 0 1 18 9a4 4 0 0 1 0 8h-1" />
    <path d="M12 12v8M9 15l3-3 3 3" />
  </>,
);
export const IconCertificate = icon(
  <>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h8" />
    <path d="M8 8h6M8 12h4" />
    <circle cx="18" cy="14" r="3" />
    <path d="M16.5 16.5 16 21l2-1 2 1-.5-4.5" />
  </>,
);
/** 'Więcej akcji': a row's less frequent actions behind one button. */
export const IconDots = icon(
  <>
    <circle cx="5" cy="12" r="1.2" />
    <circle cx="12" cy="12" r="1.2" />
    <circle cx="19" cy="12" r="1.2" />
  </>,
);
