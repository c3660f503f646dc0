import { sqlText, type Database } from '../../src/db/database.js';

/** The test's database, with every statement it is sent written down. */
export function countingStatements(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const counting = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'query')
        return (sql: Parameters<Database['query']>[0], params?: readonly unknown[]) => {
          statements.push(sqlText(sql));
          return target.query(sql, params);
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: counting, statements };
}
