/**
 * The secret in each room's calendar address for booking sites: a column of the room's row, so the
 * hotel module writes it; the calendars module asks here (docs/decisions/050-every-table-has-one-owner.md).
 */
export { calendarTokens, ensureCalendarToken, lockRoomForFeeds, roomCalendarToken, setCalendarToken } from './repository';
