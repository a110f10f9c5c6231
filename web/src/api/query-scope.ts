/** Every company-owned query key starts with this pair, so one company's rows never answer another's. */
export interface Scope {
  region: string;
  companyId: string;
}
