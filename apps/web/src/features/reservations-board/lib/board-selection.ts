import type { BoardHold, BoardRoom } from '@hotel/domain';

/** What a click on the reservations board opened: a stay, or a block or booking site's event of a room. */
export type BoardSelection =
  | { kind: 'reservation'; id: number }
  | { kind: 'hold'; hold: Exclude<BoardHold, { kind: 'reservation' }>; room: BoardRoom };
