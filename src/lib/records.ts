/** The named columns of a row, copied as they are: which columns leave is stated, so a new column never leaks. */
export function pick<Row, K extends keyof Row>(row: Row, ...keys: K[]): Pick<Row, K> {
  const picked = {} as Pick<Row, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
