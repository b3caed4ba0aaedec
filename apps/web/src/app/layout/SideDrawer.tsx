import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { formatBadgeCount } from '@spedycja/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import { IconChevronsLeft, IconChevronsRight, IconLogout, IconPlus } from '../../components/icons.tsx';
import { type AuthUser, initials } from '../../features/auth/claims.ts';
import { PortalBadge } from '../../features/portal/index.ts';
import { dueTasksSearch, tasksMessages, useDrawerNotifications } from '../../features/tasks/index.ts';
import { useAddAction } from '../addActions.tsx';
import { appMessages } from '../messages.ts';
import { paths } from '../paths.ts';
import { type NavEntry, type NavLinkEntry, visibleNavigation } from './navigation.ts';

const t = appMessages.drawer;

export type SideDrawerProps = {
  user: AuthUser;
  collapsed: boolean;
  onToggle: () => void;
  onLogout: () => void;
};

/** The side drawer: who is logged in, the sections with their "+" actions, and 'Wyloguj'. */
export function SideDrawer({ user, collapsed, onToggle, onLogout }: SideDrawerProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openAdd = useAddAction();
  const notifications = useDrawerNotifications();
  const count = notifications.data?.count ?? 0;
  const entries = visibleNavigation(user.isAdmin);

  const isActive = (path: string) => pathname === path || pathname.startsWith(`${path}/`);

  // A click on the badge lists the tasks it counts, as of the moment of the click.
  const badgeFor = (entry: NavLinkEntry) =>
    entry.badge === 'tasks' ? (
      <UnstyledButton
        component={Link}
        to={`${paths.tasks}?${dueTasksSearch()}`}
        onClick={(event) => {
          event.preventDefault();
          navigate(`${paths.tasks}?${dueTasksSearch()}`);
        }}
        aria-label={tasksMessages.due.badgeLink(formatBadgeCount(count))}
        style={{ display: 'inline-flex', borderRadius: 'var(--mantine-radius-xl)' }}
      >
        <Badge
          size="sm"
          circle={count < 10}
          color={count > 0 ? 'red' : 'gray'}
          variant={count > 0 ? 'filled' : 'light'}
          role="status"
          aria-label={t.tasksBadge(formatBadgeCount(count))}
          style={{ cursor: 'pointer' }}
        >
          {formatBadgeCount(count)}
        </Badge>
      </UnstyledButton>
    ) : null;

  const renderLink = (entry: NavLinkEntry) => {
    const Icon = entry.icon;
    if (collapsed) {
      const icon = (
        <ActionIcon
          component={Link}
          to={entry.path}
          size="lg"
          variant={isActive(entry.path) ? 'light' : 'subtle'}
          color={isActive(entry.path) ? undefined : 'gray'}
          aria-label={entry.label}
          aria-current={isActive(entry.path) ? 'page' : undefined}
        >
          <Icon size={20} />
        </ActionIcon>
      );
      return (
        <Tooltip key={entry.path} label={entry.label} position="right" withArrow>
          {entry.badge === 'tasks' && count > 0 ? (
            <Indicator label={formatBadgeCount(count)} size={16} color="red" offset={4}>
              {icon}
            </Indicator>
          ) : (
            icon
          )}
        </Tooltip>
      );
    }
    return (
      <Group key={entry.path} gap={4} wrap="nowrap">
        <NavLink
          component={Link}
          to={entry.path}
          label={entry.label}
          leftSection={<Icon />}
          active={isActive(entry.path)}
          aria-current={isActive(entry.path) ? 'page' : undefined}
          style={{ flex: 1, borderRadius: 'var(--mantine-radius-sm)' }}
        />
        {badgeFor(entry)}
        {entry.path === paths.orders && <PortalBadge />}
        {entry.add && (
          <Tooltip label={entry.add.label} withArrow>
            <ActionIcon variant="subtle" size="md" aria-label={entry.add.label} onClick={() => entry.add?.run(openAdd)}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  };

  const renderEntry = (entry: NavEntry) => {
    if (entry.kind === 'link') return renderLink(entry);
    if (collapsed) {
      return (
        <Stack key={entry.label} gap={4} align="center">
          <Divider w="60%" />
          {entry.children.map(renderLink)}
        </Stack>
      );
    }
    const Icon = entry.icon;
    return (
      <NavLink
        key={entry.label}
        label={entry.label}
        leftSection={<Icon />}
        defaultOpened
        childrenOffset={16}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {entry.children.map(renderLink)}
      </NavLink>
    );
  };

  return (
    <>
      <AppShell.Section p="sm">
        <Group gap="xs" wrap="nowrap" justify={collapsed ? 'center' : 'space-between'}>
          {collapsed ? (
            <Stack gap={6} align="center">
              <Tooltip label={`${user.name} (${user.username})`} position="right">
                <Avatar color="indigo" radius="xl" aria-label={user.name}>
                  {initials(user.name)}
                </Avatar>
              </Tooltip>
              <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t.expand}>
                <IconChevronsRight />
              </ActionIcon>
            </Stack>
          ) : (
            <>
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar color="indigo" radius="xl">
                  {initials(user.name)}
                </Avatar>
                <Box style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate="end" data-testid="drawer-user-name">
                    {user.name}
                  </Text>
                  <Text c="dimmed" size="xs" truncate="end" data-testid="drawer-user-username">
                    {user.username}
                  </Text>
                </Box>
              </Group>
              <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t.collapse}>
                <IconChevronsLeft />
              </ActionIcon>
            </>
          )}
        </Group>
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} p="xs">
        <Stack component="nav" aria-label={t.navigation} gap={2} align={collapsed ? 'center' : 'stretch'}>
          {entries.map(renderEntry)}
        </Stack>
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="sm">
        {collapsed ? (
          <Group justify="center">
            <Tooltip label={t.logout} position="right">
              <ActionIcon variant="subtle" color="red" size="lg" onClick={onLogout} aria-label={t.logout}>
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Button
            variant="subtle"
            color="red"
            fullWidth
            justify="flex-start"
            leftSection={<IconLogout />}
            onClick={onLogout}
          >
            {t.logout}
          </Button>
        )}
      </AppShell.Section>
    </>
  );
}
