import { Text } from '@mantine/core';
import { formatMoney } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { getReceivedOfOrder } from '../api/ksef.ts';
import { ksefUiMessages as t } from '../messages.ts';

/** On an order (admins): the carrier's invoice from KSeF, and whether it agrees with the carrier price. */
export function CarrierInvoiceNote({ orderIri }: { orderIri: string }) {
  const received = useQuery({
    queryKey: ['ksef', 'received', { order: orderIri }],
    queryFn: () => getReceivedOfOrder(orderIri),
  });
  const invoices = received.data?.['hydra:member'] ?? [];
  if (invoices.length === 0) return null;
  return (
    <>
      {invoices.map((invoice) => (
        <Text key={invoice.uuid} size="sm" c={invoice.priceMatches ? 'green.8' : 'orange.8'} fw={500}>
          {t.received.orderNote(
            invoice.invoiceNumber,
            invoice.priceMatches === true,
            formatMoney(Math.abs(invoice.difference ?? 0), invoice.currency),
          )}
        </Text>
      ))}
    </>
  );
}
