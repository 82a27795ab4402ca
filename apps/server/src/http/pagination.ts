/** The `pagination` of a paged list: page `current` of `size` rows, out of `total` rows. */
export function paginationOf(current: number, size: number, total: number) {
  return { current, size, pages: Math.ceil(total / size), total };
}
