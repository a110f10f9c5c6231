import {
  api,
  buildPath,
  type CompanyListItem,
  type Envelope,
  type LoginResult,
  type Me,
  type RouteData,
  type RouteDef,
  type RouteInput,
} from '@fleet/contract';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, type AccountName, DEMO_PASSWORD } from './accounts.js';

/** An account a test made for itself: its e-mail and the password it set. */
export interface OwnAccount {
  email: string;
  password: string;
}

/** A session opened through the API, as the console would keep it after signing in. */
export interface ApiSession {
  account: AccountName | OwnAccount;
  token: string;
  login: LoginResult;
  me: Me;
}

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

/** The server's API, called the way the console calls it (the `token` header), typed by the contract. */
export class ConsoleApi {
  constructor(private readonly request: APIRequestContext) {}

  /** Any answer, failures included: for tests that assert the failure itself. */
  async send<R extends RouteDef>(
    route: R,
    input: Partial<RouteInput<R>> = {},
    token?: string,
  ): Promise<Answer<RouteData<R>>> {
    const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
    const response = await this.request.fetch(buildPath(route.path, params as Record<string, string>), {
      method: route.method,
      headers: token ? { token } : {},
      params: query as Record<string, string> | undefined,
      data: body,
    });
    return { status: response.status(), body: (await response.json()) as Envelope<RouteData<R>> };
  }

  /** The `data` of a successful call; anything else fails the test with the server's own words. */
  async call<R extends RouteDef>(
    route: R,
    input: Partial<RouteInput<R>> = {},
    token?: string,
  ): Promise<RouteData<R>> {
    const { status, body } = await this.send(route, input, token);
    if (status !== 200 || !body.success) {
      throw new Error(`${route.method} ${route.path} → ${status} ${body.code ?? ''} ${body.info}`);
    }
    return body.data;
  }

  login(account: string, password = DEMO_PASSWORD): Promise<LoginResult> {
    return this.call(api.login, { body: { account, password } });
  }

  me(token: string): Promise<Me> {
    return this.call(api.me, {}, token);
  }

  companies(token: string, companyName?: string): Promise<CompanyListItem[]> {
    return this.call(api.listOnesCompanies, { query: companyName ? { companyName } : {} }, token);
  }

  /**
   * Signs a demo account in, in the given company (default: its home company). A sign-in lands in the
   * company of the person's latest session, which another test may have switched: this puts it back.
   */
  async signIn(account: AccountName | OwnAccount, company?: string): Promise<ApiSession> {
    const own = typeof account !== 'string';
    let login = own
      ? await this.login(account.email, account.password)
      : await this.login(ACCOUNTS[account].email);
    let me = await this.me(login.token);
    const wanted = company ?? (own ? me.companyName : ACCOUNTS[account].home);
    if (me.companyName !== wanted) {
      const target = (await this.companies(login.token)).find((c) => c.name === wanted);
      if (!target) throw new Error(`${own ? account.email : account} cannot enter ${wanted}`);
      login = await this.call(api.login, { body: { token: login.token, companyId: target.id } });
      me = await this.me(login.token);
    }
    return { account, token: login.token, login, me };
  }
}
