/** /hotel drawn on the server with the rooms (plugins/rendered-pages.ts), as GET hotel/rooms/ answers them. */
import { z } from 'zod';
import { roomSchema } from '@hotel/domain';
import { dataPage } from '../../plugins/rendered-pages';
import { presentRoom } from './present';
import { listRooms } from './repository';

export const hotelPage = dataPage({
  path: '/hotel',
  drawnFrom: ['rooms'],
  read: listRooms,
  present: (request, rows) => ({ rooms: z.array(roomSchema).parse(rows.map((row) => presentRoom(request, row))) }),
});
