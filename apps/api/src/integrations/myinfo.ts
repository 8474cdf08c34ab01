import { createPrivateKey, createSign, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IdentificationType } from '@selfcare/domain';
import {
  type AccountStepInput,
  type MyinfoAddress,
  type MyinfoPrefill,
  namesFromIdName,
  PASS_STATUSES,
  type PassType,
} from '@selfcare/domain/order';
import { compactDecrypt, compactVerify, decodeJwt, jwtVerify } from 'jose';
import { fetchOutside } from '../metrics.ts';

export class MyinfoUnavailableError extends Error {}

/** The person attributes we ask for: only what step 3 and the CIS check use (data minimisation). */
export const MYINFO_ATTRIBUTES = [
  'uinfin',
  'name',
  'sex',
  'dob',
  'mobileno',
  'regadd',
  'passtype',
  'passstatus',
  'passexpirydate',
  'employment',
] as const;

interface Item {
  value?: string;
  code?: string;
  desc?: string;
  source?: string;
}

export interface MyinfoPerson {
  uinfin?: Item;
  name?: Item;
  sex?: Item;
  dob?: Item;
  mobileno?: Item & { areacode?: { value?: string }; nbr?: { value?: string } };
  regadd?: Item & {
    type?: string;
    block?: { value?: string };
    street?: { value?: string };
    building?: { value?: string };
    floor?: { value?: string };
    unit?: { value?: string };
    postal?: { value?: string };
  };
  passtype?: Item;
  passstatus?: Item;
  passexpirydate?: Item;
  employment?: Item;
}

export interface MyinfoOptions {
  url: string;
  clientId: string;
  clientSecret: string;
  purpose: string;
  redirectUrl: string;
  timeoutMs: number;
  /** Our private key (signs requests, decrypts answers) and MyInfo's certificate (verifies them). */
  privateKeyFile?: string;
  certFile?: string;
}

/**
 * MyInfo v3 (and MockPass, GovTech's mock of it): the authorise page the customer's browser visits,
 * then the token and person calls made from here. With keys configured, as MyInfo requires, every call
 * carries a PKI_SIGN signature and the person comes back signed (RS256) and encrypted (RSA-OAEP).
 */
export class MyinfoClient {
  private readonly privateKey?: KeyObject;
  private readonly publicKey?: KeyObject;

  constructor(private readonly o: MyinfoOptions) {
    if (o.privateKeyFile) this.privateKey = createPrivateKey(readFileSync(o.privateKeyFile));
    if (o.certFile) this.publicKey = new X509Certificate(readFileSync(o.certFile)).publicKey;
  }

  private get base() {
    return this.o.url.replace(/\/$/, '');
  }

  /** Where the browser goes to sign in with Singpass and consent. */
  authoriseUrl(state: string): string {
    const q = new URLSearchParams({
      client_id: this.o.clientId,
      attributes: MYINFO_ATTRIBUTES.join(','),
      purpose: this.o.purpose,
      state,
      redirect_uri: this.o.redirectUrl,
    });
    return `${this.base}/myinfo/v3/authorise?${q}`;
  }

  /** Whether MyInfo answers at all, so that a customer is not sent to a page that will not load. */
  async reachable(): Promise<boolean> {
    try {
      await fetch(`${this.base}/myinfo/v3/authorise`, {
        method: 'HEAD',
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.min(this.o.timeoutMs, 2000)),
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Exchanges the authorisation code and reads the person it was given for. */
  async person(code: string): Promise<MyinfoPerson> {
    const token = await this.token(code);
    const claims = this.publicKey
      ? (await jwtVerify(token, this.publicKey, { algorithms: ['RS256'] })).payload
      : decodeJwt(token);
    const uinfin = String(claims.sub ?? '');
    if (!/^[STFGM]\d{7}[A-Z]$/.test(uinfin)) throw new MyinfoUnavailableError('token without a UIN/FIN');
    const url = `${this.base}/myinfo/v3/person/${uinfin}/`;
    const query = { client_id: this.o.clientId, attributes: MYINFO_ATTRIBUTES.join(',') };
    const signature = this.signature('GET', url, query);
    const res = await this.call(`${url}?${new URLSearchParams(query)}`, {
      headers: {
        Authorization: signature ? `${signature},Bearer ${token}` : `Bearer ${token}`,
      },
    });
    const body = await res.text();
    if (!this.privateKey) return JSON.parse(body) as MyinfoPerson;
    const jwe = body.trim().replace(/^"|"$/g, '');
    const { plaintext } = await compactDecrypt(jwe, this.privateKey);
    if (!this.publicKey) throw new MyinfoUnavailableError('no certificate to verify the person with');
    const { payload } = await compactVerify(new TextDecoder().decode(plaintext), this.publicKey);
    return JSON.parse(new TextDecoder().decode(payload)) as MyinfoPerson;
  }

  private async token(code: string): Promise<string> {
    const url = `${this.base}/myinfo/v3/token`;
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.o.redirectUrl,
      client_id: this.o.clientId,
      client_secret: this.o.clientSecret,
    };
    const signature = this.signature('POST', url, form);
    const res = await this.call(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Cache-Control': 'no-cache',
        ...(signature ? { Authorization: signature } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await res.json()) as { access_token?: string };
    if (!body.access_token) throw new MyinfoUnavailableError('token answer without access_token');
    return body.access_token;
  }

  /** MyInfo's PKI_SIGN: RS256 over METHOD&URL&the sorted parameters, with our app id, a nonce and a time. */
  private signature(method: string, url: string, params: Record<string, string>): string | null {
    if (!this.privateKey) return null;
    const nonce = randomBytes(16).toString('hex');
    const timestamp = String(Date.now());
    const all: Record<string, string> = {
      ...params,
      app_id: this.o.clientId,
      nonce,
      signature_method: 'RS256',
      timestamp,
    };
    const base = `${method}&${url}&${Object.keys(all)
      .sort()
      .map((k) => `${k}=${all[k]}`)
      .join('&')}`;
    const signature = createSign('RSA-SHA256').update(base).sign(this.privateKey, 'base64');
    return `PKI_SIGN app_id="${this.o.clientId}",nonce="${nonce}",signature_method="RS256",signature="${signature}",timestamp="${timestamp}"`;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetchOutside('myinfo', url, { ...init, signal: AbortSignal.timeout(this.o.timeoutMs) });
    } catch (err) {
      throw new MyinfoUnavailableError((err as Error).message);
    }
    if (!res.ok) throw new MyinfoUnavailableError(`MyInfo answered ${res.status}`);
    return res;
  }
}

/** MyInfo pass type codes, as the pass types of our form. Codes we do not list stay for the customer. */
const PASS_TYPE_CODES: Record<string, PassType> = {
  P1Pass: 'Employment Pass',
  P2Pass: 'Employment Pass',
  QPass: 'Employment Pass',
  PEP: 'Personalised Employment Pass',
  ONE: 'Overseas Networks & Expertise Pass',
  SPass: 'S Pass',
  RPass: 'Work Permit',
  WPass: 'Work Permit',
  Entre: 'EntrePass',
  DP: "Dependant's Pass",
  LTVP: 'Long-Term Visit Pass',
  LTVPDP: 'Long-Term Visit Pass',
  STP: "Student's Pass",
};

/** Government-verified (1) and Singpass-verified (4) values are locked; user-provided (2) ones are not. */
const verified = (item: Item | undefined) => item?.source === '1' || item?.source === '4';
const text = (item: Item | undefined) => (item?.value ?? '').trim();
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase());

/**
 * Step 3 as MyInfo fills it. The name as on the ID is locked. MyInfo holds names only whole (name,
 * alias, Hanyu Pinyin and married names alike), so given and family name are filled in only when the
 * name says which is which, for a one-word name; any other is the customer's to give (ADR 0017).
 */
export function toPrefill(person: MyinfoPerson, retrievedAt: Date): MyinfoPrefill {
  const account: Partial<AccountStepInput> = {};
  const locked: (keyof AccountStepInput)[] = [];
  const set = <K extends keyof AccountStepInput>(key: K, value: AccountStepInput[K], lock: boolean) => {
    account[key] = value;
    if (lock) locked.push(key);
  };

  const uinfin = text(person.uinfin).toUpperCase();
  if (uinfin) {
    set('idNumber', uinfin, verified(person.uinfin));
    set(
      'idType',
      /^[ST]/.test(uinfin) ? IdentificationType.NRIC : IdentificationType.FIN,
      verified(person.uinfin),
    );
  }
  const name = text(person.name);
  if (name) {
    set('fullName', name, verified(person.name));
    const names = namesFromIdName(name);
    if (names) {
      set('givenName', titleCase(names.givenName), false);
      set('familyName', names.familyName, false);
    }
  }
  if (person.sex?.code === 'M') set('salutation', 'Mr.', false);
  if (person.sex?.code === 'F') set('salutation', 'Ms.', false);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text(person.dob)))
    set('dateOfBirth', text(person.dob), verified(person.dob));
  const mobile = person.mobileno?.nbr?.value ?? '';
  if ((person.mobileno?.areacode?.value ?? '65') === '65' && /^[89]\d{7}$/.test(mobile))
    set('contactNumber', mobile, false);

  const passType = PASS_TYPE_CODES[person.passtype?.code ?? ''];
  if (passType) set('passType', passType, verified(person.passtype));
  const passStatus = PASS_STATUSES.find((s) => s === text(person.passstatus));
  if (passStatus) set('passStatus', passStatus, verified(person.passstatus));
  if (/^\d{4}-\d{2}-\d{2}$/.test(text(person.passexpirydate)))
    set('passExpiry', text(person.passexpirydate), verified(person.passexpirydate));
  const employer = text(person.employment);
  if (employer) set('employer', employer, verified(person.employment));

  return { account, locked, address: toAddress(person.regadd), retrievedAt: retrievedAt.toISOString() };
}

function toAddress(a: MyinfoPerson['regadd']): MyinfoAddress | null {
  const postal = a?.postal?.value ?? '';
  if (a?.type !== 'SG' || !/^\d{6}$/.test(postal)) return null;
  const floor = a.floor?.value ?? '';
  const unit = a.unit?.value ?? '';
  return {
    postalCode: postal,
    blockNumber: a.block?.value ?? '',
    roadName: a.street?.value ?? '',
    building: a.building?.value ?? '',
    unitNumber: floor && unit ? `#${floor}-${unit}` : '',
  };
}
