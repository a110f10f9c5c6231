/** The demo accounts the server seeds into an empty database (server/src/demo/seed-demo.ts). */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  email: string;
  name: string;
  /** As the user popover shows it: prefix and number. */
  phone: string;
  /** The company a test signs in to unless it asks for another. */
  home: string;
  role: 'owner' | 'admin' | 'staff';
}

export const ACCOUNTS = {
  owner: {
    email: 'owner@acme.test',
    name: 'Olivia Owens',
    phone: '+1 2025550101',
    home: 'Acme Robotics',
    role: 'owner',
  },
  admin: {
    email: 'admin@acme.test',
    name: 'Adam Alvarez',
    phone: '+1 2025550102',
    home: 'Acme Robotics',
    role: 'admin',
  },
  staff: {
    email: 'staff@acme.test',
    name: 'Sam Stone',
    phone: '+1 2025550103',
    home: 'Acme Robotics',
    role: 'staff',
  },
  solo: {
    email: 'solo@solo.test',
    name: 'Sofia Solano',
    phone: '+1 2025550104',
    home: 'Solo Café',
    role: 'owner',
  },
  super: {
    email: 'super@fleet.test',
    name: 'Sean Super',
    phone: '+1 2025550105',
    home: 'Fleet HQ',
    role: 'owner',
  },
} as const satisfies Record<string, DemoAccount>;

export type AccountName = keyof typeof ACCOUNTS;
