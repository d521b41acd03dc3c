/**
 * Room service "put on the room bill" (issue 45, point 4; decision 055): offered beside the saved
 * cards while the order goes to the room of a stay in progress. Chosen, the order is placed with
 * `destination.on_room_bill` and no card: accepted at once, settled with the bill at check-out.
 * Its value among the cards' choices is this word, never a card's id (those are UUIDs).
 */
export const ROOM_BILL_CHOICE = 'room-bill';
