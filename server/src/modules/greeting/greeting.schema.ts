// Tables of this area are declared here (Drizzle pg-core).
export {};
