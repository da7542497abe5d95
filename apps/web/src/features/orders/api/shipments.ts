import type { Shipment, ShipmentInput } from '@shop/contract/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const shipmentsPath = (orderId: string) => `/api/purchaseById/${encodeURIComponent(orderId)}/shipments`;

/** After a parcel changes, the order lists and the overview's counts are read again. */
function useShipmentChange<Variables>(send: (variables: Variables) => Promise<Shipment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(['orders', 'overview'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

/** Admins: a parcel of the order's allocated pieces leaves (the buyer is mailed). */
export const useShipParcel = () =>
  useShipmentChange(
    async ({ orderId, body }: { orderId: string; body: ShipmentInput }) =>
      (await apiRequest<Shipment>(shipmentsPath(orderId), { method: 'POST', body, auth: true })).data,
  );

/** Admins: a parcel has arrived; the order is delivered once it shipped whole and every parcel is. */
export const useDeliverParcel = () =>
  useShipmentChange(
    async ({ orderId, shipmentId }: { orderId: string; shipmentId: string }) =>
      (
        await apiRequest<Shipment>(`${shipmentsPath(orderId)}/${encodeURIComponent(shipmentId)}`, {
          method: 'PUT',
          body: { status: 'delivered' },
          auth: true,
        })
      ).data,
  );
