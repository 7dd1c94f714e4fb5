import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cartAddBodySchema } from '@contract/cart';
import { carCartAddBodySchema } from '@contract/car-rental';
import { hotelCartAddBodySchema } from '@contract/hotel';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as cart from './service';
import { addCar, addHotel } from './stays';

/** The three bodies `POST /cart/add?version=v2` takes (spec 1 §7): a trip's, a hotel's (`hotel_id`), a car's (`car_rental`). */
const cartAddAnyBodySchema = z.union([cartAddBodySchema, hotelCartAddBodySchema, carCartAddBodySchema]);

/** The body's own schema, told by its keys: its problems are then reported field by field, not as "none of three". */
const bodySchemaOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'hotel_id' in body
    ? hotelCartAddBodySchema
    : typeof body === 'object' && body !== null && 'car_rental' in body
      ? carCartAddBodySchema
      : cartAddBodySchema;

export function cartRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    relRoute(
      { app, services, tags: ['cart'] },
      'addToCart',
      {
        summary: 'Add the chosen offers, a hotel stay or a car rental to a travel in the cart (a new one, or `travelID`)',
        description: [
          'Named by four rels: `addToCart` (from the traveller step), `addTrip` (a travel that accepts more trips), `addHotelToCart` (a hotel’s details: `hotel_id` and `room_offer_travelers`) and `addCarToCart` (a car of the results: `car_rental`).',
          'A hotel room or a car no longer available at the supplier is refused (409, api_code 140 / 141) and nothing is added; a rental that needs the driver’s licence without it, 400 (142) with `fields`.',
        ].join('\n\n'),
        session: 'user',
        query: z.object({ version: z.literal('v2').optional() }),
        body: cartAddAnyBodySchema,
        checkBody: bodySchemaOf,
        errors: [400, 401, 403, 404, 409, 422, 503, 504],
      },
      ({ ctx, body }) => {
        if ('hotel_id' in body) return addHotel(ctx, body);
        if ('car_rental' in body) return addCar(ctx, body);
        return cart.addTrip(ctx, body);
      },
    );
  };
}
