/**
 * What the live check writes down of the service's answers, with personal data and secrets taken
 * out and the shape kept (every key, and each value's type), so that a record can be compared with
 * the emulator's answers without holding a candidate's details or the account's key.
 *
 * Three layers, each enough on its own for what it covers:
 * - by key: every value under a key that holds personal data (names, contacts, addresses, links,
 *   the CV's text, file names) is replaced, however deep;
 * - by pattern: e-mail addresses, phone numbers, and the path and query of every URL (signed
 *   links carry tokens there) anywhere in any text;
 * - by value: the secrets given (the API key) and every word of the candidate's details learned
 *   from what the service said of the CV (name, contacts, city ...), wherever else it shows up (a
 *   file name, a search row, an error).
 */

export const REDACTED = '[redacted]';

/** Keys (lower case, without _ or -) whose values say who the candidate is or how to reach them. */
const IDENTITY_KEYS = new Set([
	'candidatename',
	'firstname',
	'first',
	'lastname',
	'last',
	'middle',
	'username',
	'email',
	'emails',
	'phone',
	'phones',
	'phonenumber',
	'phonenumbers',
	'address',
	'location',
	'city',
	'country',
	'postalcode',
	'street',
	'website',
	'websites',
	'linkedin',
	'url',
	'urls',
	'dateofbirth',
]);

/**
 * Keys whose values are personal or may hold it: a name (a candidate's, a user's; also a skill's or
 * a workspace's, which it costs nothing to hide), free text, files.
 */
const PERSONAL_KEYS = new Set([
	...IDENTITY_KEYS,
	'name',
	'names',
	'avatar',
	'headshot',
	'rawtext',
	'text',
	'filename',
	'customidentifier',
	'ingestemail',
	'summary',
	'objective',
	'profile',
	'referees',
]);

/** Keys of secrets: the organization's webhook signature key, tokens. */
const SECRET_KEY = /key$|secret|token|password/;

/** Under an identity key, the keys of an annotation's bookkeeping, which name nobody. */
const BOOKKEEPING_KEYS = new Set(['contenttype', 'datapoint', 'field', 'type', 'source', 'label']);

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_PATTERN = /\b(https?:\/\/[^/\s"'?#]+)[^\s"']*/g;
// Seven or more digits in groups, optionally with a country code: not a date or a time.
const PHONE =
	/(?<![\w+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]?\d{2,4}){2,}(?!\w)/g;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$|^\d{4}-\d{2}$|^\d{2}:\d{2}/;

const keyOf = (key: string) => key.toLowerCase().replace(/[_-]/g, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Redactor {
	/** Words of personal data seen so far, and the secrets. */
	private readonly words = new Set<string>();

	constructor(secrets: string[]) {
		for (const secret of secrets) if (secret) this.words.add(secret);
	}

	/**
	 * Learns the candidate's details from what the service said of the CV (its parsed data, the
	 * node's row): each text under an identity key, whole and word by word, is redacted wherever it
	 * shows up later.
	 */
	learn(value: unknown, identity = false, key = '', depth = 0): void {
		if (typeof value === 'string') {
			if (!identity || BOOKKEEPING_KEYS.has(key)) return;
			for (const word of value.split(/[^\p{L}\p{N}@.+]+/u)) {
				if (word.length >= 3 && !/^\d+$/.test(word)) this.words.add(word);
			}
			if (value.trim().length >= 3 && value.length <= 200) this.words.add(value.trim());
			return;
		}
		if (Array.isArray(value)) {
			for (const entry of value) this.learn(entry, identity, key, depth);
			return;
		}
		if (value && typeof value === 'object') {
			for (const [name, entry] of Object.entries(value)) {
				const entryKey = keyOf(name);
				// The document's own `name` is the candidate's; deeper ones name skills, employers ...
				const names = IDENTITY_KEYS.has(entryKey) || (entryKey === 'name' && depth === 0);
				this.learn(entry, identity || names, entryKey, depth + 1);
			}
		}
	}

	/** A copy of `value` with personal data and secrets replaced; the shape kept. */
	redact(value: unknown): unknown {
		return this.copy(value, false);
	}

	/** Replaces secrets, learned words and the patterns in one text. */
	text(value: string): string {
		let text = value;
		for (const word of [...this.words].sort((a, b) => b.length - a.length)) {
			text = text.replace(new RegExp(`(?<![\\w])${escape(word)}(?![\\w])`, 'gi'), REDACTED);
		}
		return text
			.replace(EMAIL, REDACTED)
			.replace(URL_PATTERN, (_, origin: string) => `${origin}/${REDACTED}`)
			.replace(PHONE, (match) => (DATE_LIKE.test(match.trim()) ? match : REDACTED));
	}

	private copy(value: unknown, personal: boolean): unknown {
		if (typeof value === 'string') return personal ? REDACTED : this.text(value);
		if (typeof value === 'number') return personal ? 0 : value;
		if (Array.isArray(value)) return value.map((entry) => this.copy(entry, personal));
		if (value && typeof value === 'object') {
			return Object.fromEntries(
				Object.entries(value).map(([key, entry]) => [
					key,
					this.copy(
						entry,
						personal || PERSONAL_KEYS.has(keyOf(key)) || SECRET_KEY.test(keyOf(key)),
					),
				]),
			);
		}
		return value;
	}
}
