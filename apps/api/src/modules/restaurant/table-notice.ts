/** What reception is told of a table booked on the site (modules/notices): day, time and party, nothing of the guest. */
import type { FastifyRequest } from 'fastify';
import { tellStaff } from '../notices/notices';
import type { TableRow } from './repository';

export function tellReceptionOfTable(request: Pick<FastifyRequest, 'server' | 'log'>, row: TableRow): void {
  const time = `${String(Math.floor(row.startMinute / 60)).padStart(2, '0')}:${String(row.startMinute % 60).padStart(2, '0')}`;
  tellStaff(request.server.db, 'table', { id: row.id, date: row.day, time, people: row.party, source: 'site' }, request.log);
}
