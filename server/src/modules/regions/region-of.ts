import type { Region } from '@fleet/contract';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';

/** The configured region of a company, and whether this server is it. */
export function regionOf(services: Services, code: string): { region: Region; isHere: boolean } {
  const region = services.config.regions.find((r) => r.region === code) ?? {
    label: code,
    region: code,
    host: '',
  };
  return { region, isHere: code === services.config.region };
}

/** Operational data lives in its region's database; a company served elsewhere is answered with where. */
export function assertServedHere(services: Services, session: { companyRegion: string }): void {
  const { region, isHere } = regionOf(services, session.companyRegion);
  if (!isHere) {
    throw new AppError(
      'WRONG_REGION',
      `This company is served by region ${region.label}${region.host ? ` at ${region.host}` : ''}`,
    );
  }
}
