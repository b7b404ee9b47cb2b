import { computed, reactive, ref } from 'vue';
import {
  profileSettingsSchema,
  type Profile,
  type ProfileSettingsInput,
  type SecretName,
} from '@shared/contract/profiles';
import { isLoopbackHost, originOf } from '@shared/origin';
import { DEFAULT_API_VERSION, DEFAULT_BASE_PATH, DEFAULT_CLIENT_ID_HEADER } from '@shared/gateway/codes';
import { t } from '../../i18n';
import { ruleMessageText } from '../../i18n/rule-text';

/** A secret's name in the user's language. */
export const secretLabel = (name: SecretName): string => t(`profiles.secret.${name}`);

export type SettingsField = keyof ProfileSettingsInput;

const blankSettings = (): Required<Omit<ProfileSettingsInput, 'colour' | 'callTimeoutMs' | 'webhookUrl'>> & {
  colour: string;
  webhookUrl: string;
} => ({
  name: '',
  environment: 'test',
  baseUrl: '',
  pathPrefix: DEFAULT_BASE_PATH,
  version: DEFAULT_API_VERSION,
  terminalId: '',
  variant: 'A',
  clientIdHeader: DEFAULT_CLIENT_ID_HEADER,
  colour: '',
  lookupOnly: false,
  webhookUrl: '',
});

/**
 * The state of the profile editor: settings checked live against the contract's own schema (the
 * message shows next to its field), and secrets typed but not yet sent. Typed secrets live only here
 * until saved, then are wiped; nothing ever reads a stored secret back.
 */
export function useProfileForm(profile: Profile | null) {
  const settings = reactive(blankSettings());
  if (profile)
    Object.assign(settings, {
      name: profile.name,
      environment: profile.environment,
      baseUrl: profile.baseUrl,
      pathPrefix: profile.pathPrefix,
      version: profile.version,
      terminalId: profile.terminalId,
      variant: profile.variant,
      clientIdHeader: profile.clientIdHeader,
      colour: profile.colour ?? '',
      lookupOnly: profile.lookupOnly ?? false,
      webhookUrl: profile.webhookUrl ?? '',
    });
  /** What the form opened with: a field shows its error once it differs from this (or after a save attempt). */
  const initial: Record<string, unknown> = { ...settings };
  /** A new profile's blank fields say nothing until the user types in them or tries to save. */
  const attempted = ref(profile !== null);
  const newSecrets = reactive<Partial<Record<SecretName, string>>>({});
  /** Errors main returned on save for a field (kept until that field changes). */
  const serverErrors = ref<Record<string, string>>({});

  const input = computed<ProfileSettingsInput>(() => {
    const { colour, webhookUrl, ...rest } = settings;
    // Optional fields left blank are absent, not empty strings the schema would refuse.
    return {
      ...rest,
      ...(colour.trim() ? { colour: colour.trim() } : {}),
      ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
    };
  });
  const parsed = computed(() => profileSettingsSchema.safeParse(input.value));
  /** Main refuses plain http:// for production unless it names this machine: said next to the field first. */
  const plainHttpProduction = computed(() => {
    if (settings.environment !== 'production') return false;
    const origin = originOf(settings.baseUrl.trim());
    return origin !== null && origin.startsWith('http:') && !isLoopbackHost(new URL(origin).hostname);
  });
  const touched = (field: SettingsField) =>
    attempted.value || (settings as Record<string, unknown>)[field] !== initial[field];
  /** Errors to show now: main's, and the schema's for the fields the user has touched (all, after a save attempt). */
  const errors = computed<Partial<Record<SettingsField, string>>>(() => {
    const out: Partial<Record<SettingsField, string>> = { ...serverErrors.value };
    if (!parsed.value.success)
      for (const issue of parsed.value.error.issues) {
        const field = String(issue.path[0]) as SettingsField;
        if (touched(field)) out[field] ??= ruleMessageText(issue.message);
      }
    if (plainHttpProduction.value) out.baseUrl ??= t('credentials.productionHttp');
    return out;
  });
  /** A save attempt on an invalid form: every field's error shows. */
  const revealErrors = () => {
    attempted.value = true;
  };
  const valid = computed(() => parsed.value.success && !plainHttpProduction.value);

  /**
   * The saved token and client id are bound to the origin they were entered for: main clears them when a
   * save moves the profile elsewhere. The form says so before saving (null when the address keeps its origin).
   */
  const originChange = computed<{ origin: string; newOrigin: string } | null>(() => {
    if (!profile || !(profile.secrets.bearerToken.set || profile.secrets.clientId.set)) return null;
    const origin = originOf(profile.baseUrl);
    const newOrigin = originOf(settings.baseUrl.trim());
    return origin && newOrigin && origin !== newOrigin ? { origin, newOrigin } : null;
  });

  const typedSecrets = (): Partial<Record<SecretName, string>> =>
    Object.fromEntries(Object.entries(newSecrets).filter(([, value]) => value && value.length > 0));
  const wipeSecrets = () => {
    for (const key of Object.keys(newSecrets) as SecretName[]) delete newSecrets[key];
  };

  return {
    settings,
    newSecrets,
    serverErrors,
    input,
    errors,
    valid,
    revealErrors,
    originChange,
    typedSecrets,
    wipeSecrets,
  };
}
