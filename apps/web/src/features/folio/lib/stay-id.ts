/** The stay an address names with `?id=`, or null when it names none. */
export function stayIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
