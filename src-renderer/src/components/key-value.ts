/** One row of a {key, value} list (extendedInfo, customerInfo). */
export interface KeyValue {
  key: string;
  value: string;
}
