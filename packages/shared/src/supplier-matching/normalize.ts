/** A set of the space-separated words of the lines. */
export const wordSet = (...lines: string[]): ReadonlySet<string> => new Set(lines.flatMap((line) => line.split(' ')));

/**
 * Legal forms, removed as whole words wherever they stand ("AS Tallink", "Nordic Bunker A/S", "Damen Shipyards
 * Gorinchem B.V."). Dotted and slashed spellings are joined first ("A/S", "S.A.", "Pte. Ltd."), so one entry covers them.
 */
const LEGAL_FORMS = wordSet(
  // Nordic
  'as asa ans da ks is ps aps ivs amba fmba smba ab publ hb kb oy oyj ay ky ehf hf sf nuf iks kf',
  // German, Austrian, Swiss
  'gmbh mbh ag kg ohg ug kgaa ev gbr haftungsbeschrankt eg',
  // Dutch, Belgian
  'bv nv vof cv bvba srl sprl cvba',
  // UK, Irish, US, Commonwealth
  'ltd limited plc llp llc lp inc incorporated corp corporation co company cic dac',
  // Singapore, Asia-Pacific
  'pte pvt pty sdn bhd tbk pt kk jsc ojsc cjsc ooo zao oao',
  // French, Southern European, Latin American
  'sa sas sasu sarl eurl snc sca spa sl slu sau lda ltda sapa scs de cv',
  // Polish, Baltic, Greek, Turkish
  'sp zoo sk uab sia ou ae ee ike as sti ltdsti',
  // European company
  'se',
  // Written out
  'aksjeselskap allmennaksjeselskap aktieselskab anpartsselskab aktiebolag osakeyhtio',
  'aktiengesellschaft kommanditgesellschaft vennootschap besloten naamloze kabushiki kaisha kaisya',
  'private proprietary',
);

/** Abbreviations written out, so "Intl" meets "International" and "Mgmt" meets "Management". */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  [
    'intl=international mgmt=management mgt=management svcs=services svc=service shpg=shipping',
    'engg=engineering hldg=holding hldgs=holdings grp=group bros=brothers natl=national mfg=manufacturing',
    'ctr=center centre=center tech=technology mek=mekaniske techn=technology',
  ]
    .flatMap((line) => line.split(' '))
    .map((pair) => pair.split('=') as [string, string]),
);

/** Words that stand for "and" or carry no name: dropped. */
const FILLER_WORDS = wordSet('and og und en et y e the of');

/**
 * Words of a legal form that only count as one when a legal form stands next to them, because alone they are
 * ordinary words: "de" in "S.A. de C.V.", "e" and "y" are fillers anyway, "ae" is also Greek.
 */
const CONTEXT_LEGAL_FORMS = wordSet('private proprietary de ae ee sk pt is eg ou sp ay ky sf kb hb');

/**
 * Letters kept meaningful before accents go: "ø" is "o", "æ" is "ae", "å" is "aa", "ß" is "ss"; German and
 * Swedish umlauts the same way. The pairs then fold further (see foldDigraphs).
 */
const LETTER_FOLDS: ReadonlyArray<[RegExp, string]> = [
  [/[øö]/g, 'o'],
  [/œ/g, 'oe'],
  [/[æä]/g, 'ae'],
  [/å/g, 'aa'],
  [/ß/g, 'ss'],
  [/ü/g, 'u'],
  [/đ|ð/g, 'd'],
  [/þ/g, 'th'],
  [/ł/g, 'l'],
  [/ı/g, 'i'],
];

/**
 * ASCII writes "ø" as "oe", "æ" and "ä" as "ae", "å" as "aa", "ü" as "ue", and just as often drops the mark
 * ("Wartsila", "Orskov", "Alborg"): each pair is folded to its single letter, inside words, until nothing changes.
 * Both sides of a comparison fold alike, so "Mærsk", "Maersk" and "Marsk" meet.
 */
const foldDigraphs = (word: string): string => {
  let folded = word;
  for (;;) {
    const next = folded.replace(/oe/g, 'o').replace(/ue/g, 'u').replace(/ae/g, 'a').replace(/aa/g, 'a');
    if (next === folded) return folded;
    folded = next;
  }
};

/** A word written out and folded; a word that would fold into a legal form or filler keeps its letters ("Aas" is not "AS"). */
const expandWord = (word: string): string => {
  const expanded = ABBREVIATIONS.get(word) ?? word;
  const folded = foldDigraphs(expanded);
  return LEGAL_FORMS.has(folded) || FILLER_WORDS.has(folded) ? expanded : folded;
};

const foldLetters = (text: string): string => {
  let folded = text.toLowerCase();
  for (const [pattern, replacement] of LETTER_FOLDS) folded = folded.replace(pattern, replacement);
  return folded.normalize('NFKD').replace(/\p{M}/gu, '');
};

/**
 * Splits a name into lower-case ASCII words: "&" and "+" become "and", dots and slashes inside abbreviations
 * are joined ("A/S" → "as", "S.A." → "sa", "Pte. Ltd." → "pte ltd"), runs of single letters become one word
 * ("A P Moller" → "ap moller"), other punctuation separates words.
 */
export const companyNameWords = (name: string): string[] => {
  const text = foldLetters(name)
    .replace(/\b([a-z])\s*&\s*([a-z])\b/g, '$1$2')
    .replace(/[&+]/g, ' and ')
    .replace(/\b([a-z]{1,3})\/([a-z]{1,3})\b/g, '$1$2')
    .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (text === '') return [];
  const words: string[] = [];
  let letters = '';
  for (const word of text.split(' ')) {
    if (word.length === 1 && /[a-z]/.test(word)) {
      letters += word;
      continue;
    }
    if (letters !== '') words.push(letters);
    letters = '';
    words.push(word);
  }
  if (letters !== '') words.push(letters);
  return words;
};

const isLegalForm = (words: readonly string[], index: number): boolean => {
  const word = words[index] ?? '';
  if (!LEGAL_FORMS.has(word)) return false;
  if (!CONTEXT_LEGAL_FORMS.has(word)) return true;
  const neighbour = (at: number) => {
    const other = words[at];
    return other !== undefined && LEGAL_FORMS.has(other) && !CONTEXT_LEGAL_FORMS.has(other);
  };
  return neighbour(index - 1) || neighbour(index + 1) || (index === words.length - 1 && words.length > 1 && word !== 'de');
};

/**
 * The words of a company's name without legal forms and filler words, letters folded: what names are compared by.
 * A name that is nothing but legal forms keeps them ("AB" stays "ab").
 */
export const nameKeyWords = (name: string): string[] => {
  const words = companyNameWords(name);
  const kept = words.filter((word, index) => !FILLER_WORDS.has(word) && !isLegalForm(words, index)).map(expandWord);
  if (kept.length > 0) return kept;
  const withoutFillers = words.filter((word) => !FILLER_WORDS.has(word)).map(expandWord);
  return withoutFillers.length > 0 ? withoutFillers : words.map(expandWord);
};

/**
 * A company name as matching compares it, and as a customer's confirmation stores it: "A.P. Møller - Mærsk A/S"
 * → "ap moller maersk", "NORDIC BUNKER AS" → "nordic bunker". Applying it twice changes nothing.
 */
export const normalizeCompanyName = (name: string): string => nameKeyWords(name).join(' ');

/** True when the name lost a legal form on the way to its key (for the reason shown to the customer). */
export const hadLegalForm = (name: string): boolean => {
  const words = companyNameWords(name);
  return words.some((_, index) => isLegalForm(words, index));
};

/**
 * A registration number as compared: letters upper-case, spaces, dots, dashes and slashes gone, a leading
 * country code and a trailing "MVA" (Norwegian VAT) taken off, leading zeros of an all-digit number dropped
 * ("NO 923 456 789 MVA" → "923456789", "DK-12 34 56 78" → "12345678", "01234567" → "1234567"). Null for
 * placeholders: fewer than four characters or no digit.
 */
export const normalizeRegistrationNumber = (value: string | null | undefined): string | null => {
  if (!value) return null;
  let compact = value.toUpperCase().replace(/[\s.\-/_]+/g, '');
  compact = compact.replace(/MVA$/, '');
  const prefixed = /^(NO|DK|SE|FI|DE|NL|GB|UK|BE|FR|SG|IE|PL|EE|LV|LT|IS)(\d.*)$/.exec(compact);
  if (prefixed?.[2]) compact = prefixed[2];
  if (/^\d+$/.test(compact)) compact = compact.replace(/^0+(?=\d)/, '');
  // "n/a", "-", "0", "TBA": no number, so nothing to match or to conflict with.
  return compact.length >= 4 && /\d/.test(compact) ? compact : null;
};

/** An IMO company number as compared: its seven digits, "IMO" and separators taken off; anything else is no number. */
export const normalizeImoCompanyNumber = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const digits = value
    .toUpperCase()
    .replace(/^\s*IMO/, '')
    .replace(/[\s.-]+/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
};

/** Mail providers anyone can use: their domain says nothing about which company wrote. */
const PUBLIC_MAIL_DOMAINS = wordSet(
  'gmail.com googlemail.com outlook.com hotmail.com live.com msn.com yahoo.com icloud.com me.com',
  'aol.com proton.me protonmail.com gmx.de gmx.net web.de t-online.de online.no hotmail.no yahoo.no',
  'mail.dk jubii.dk hotmail.dk live.dk telia.com qq.com 163.com yandex.ru mail.ru singnet.com.sg',
);

/** A lower-case domain without "www." or "@"; null for nothing or a public mail provider. */
export const normalizeDomain = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const domain = value
    .trim()
    .toLowerCase()
    .replace(/^.*@/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) || PUBLIC_MAIL_DOMAINS.has(domain)) return null;
  return domain;
};
