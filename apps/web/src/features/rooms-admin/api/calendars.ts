/**
 * A room's calendars shared with booking sites: its export address and the sites' calendars it
 * imports (the room dialog; "import every calendar now" is the reservations board's). Whatever
 * changes an import changes the room's holds, so the board is refetched after each of them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { calendarFeedSchema, roomCalendarSchema, type CalendarFeed, type CalendarFeedCreate, type RoomCalendar } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const roomCalendarQuery = (roomId: number) =>
  queryOptions({
    queryKey: ['admin', 'calendar', roomId],
    queryFn: ({ signal }) => api<RoomCalendar>(`admin/rooms/${roomId}/calendar/`, { schema: roomCalendarSchema, signal }),
    // How the last import went changes on the server's timer: read it afresh each time the dialog opens.
    staleTime: 0,
  });

export const useRoomCalendar = (roomId: number, enabled: boolean) => useQuery({ ...roomCalendarQuery(roomId), enabled });

const boardChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['admin', 'reservations', 'board'] });

/** Puts a feed as the server answered it into the room's calendar, so the list shows it at once. */
function putFeed(queryClient: QueryClient, feed: CalendarFeed) {
  queryClient.setQueryData<RoomCalendar>(roomCalendarQuery(feed.room_id).queryKey, (calendar) => {
    if (!calendar) return calendar;
    const known = calendar.feeds.some((f) => f.id === feed.id);
    return { ...calendar, feeds: known ? calendar.feeds.map((f) => (f.id === feed.id ? feed : f)) : [...calendar.feeds, feed] };
  });
}

/** POST admin/rooms/{room_id}/calendar/address/: the old address stops working. */
export function useRenewCalendarAddress(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<RoomCalendar>(`admin/rooms/${roomId}/calendar/address/`, { method: 'POST', body: {}, schema: roomCalendarSchema }),
    onSuccess: (calendar) => queryClient.setQueryData(roomCalendarQuery(roomId).queryKey, calendar),
  });
}

/** POST admin/rooms/{room_id}/calendar/feeds/: answers after the first import, which may have failed. */
export function useAddCalendarFeed(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feed: CalendarFeedCreate) =>
      api<CalendarFeed>(`admin/rooms/${roomId}/calendar/feeds/`, { method: 'POST', body: feed, schema: calendarFeedSchema }),
    onSuccess: (feed) => {
      putFeed(queryClient, feed);
      return boardChanged(queryClient);
    },
  });
}

/** POST admin/calendar-feeds/{id}/import/: a failed import is an answer too (`error_code`). */
export function useImportCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) => api<CalendarFeed>(`admin/calendar-feeds/${feedId}/import/`, { method: 'POST', body: {}, schema: calendarFeedSchema }),
    onSuccess: (feed) => {
      putFeed(queryClient, feed);
      return boardChanged(queryClient);
    },
  });
}

/** DELETE admin/calendar-feeds/{id}/: the nights its events held are free again. */
export function useRemoveCalendarFeed(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) => api<void>(`admin/calendar-feeds/${feedId}/`, { method: 'DELETE' }),
    onSuccess: (_, feedId) => {
      queryClient.setQueryData<RoomCalendar>(roomCalendarQuery(roomId).queryKey, (calendar) =>
        calendar ? { ...calendar, feeds: calendar.feeds.filter((f) => f.id !== feedId) } : calendar,
      );
      return boardChanged(queryClient);
    },
  });
}
