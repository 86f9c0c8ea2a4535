export declare const entityKind: unique symbol;
export declare const hasOwnEntityKind: unique symbol;
export declare function is<T>(value: unknown, type: T): boolean;
