/** The named (not index-signature) keys of a row type. */
type ColumnOf<Row> = keyof {
  [K in keyof Row as string extends K ? never : number extends K ? never : K]: Row[K];
};

/** The named columns of a row, copied as they are: which columns leave is stated, so a new column never leaks. */
export function pick<Row, K extends ColumnOf<Row>>(row: Row, ...keys: K[]): Pick<Row, K> {
  const picked = {} as Pick<Row, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
