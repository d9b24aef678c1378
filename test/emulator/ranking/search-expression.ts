// searchExpression: words and "quoted phrases" combined with AND, OR, NOT and parentheses
// (adjacent terms mean AND), matched as whole words in a document's raw text. The score is the
// share of the expression's positive terms found; a required expression must evaluate true.

type Node =
	| { kind: 'term'; index: number }
	| { kind: 'not'; node: Node }
	| { kind: 'and' | 'or'; nodes: Node[] };

export interface SearchExpression {
	/** Distinct terms, lowercased, in order of appearance. */
	terms: string[];
	/** Which terms count towards the score (those not under NOT). */
	positive: boolean[];
	matches(found: readonly boolean[]): boolean;
}

function tokenize(text: string): string[] {
	const out: string[] = [];
	const pattern = /"([^"]*)"|(\()|(\))|([^\s()"]+)/g;
	let m: RegExpExecArray | null;
	while ((m = pattern.exec(text)) !== null) {
		if (m[1] !== undefined) out.push(`"${m[1]}`);
		else out.push(m[2] ?? m[3] ?? m[4]);
	}
	if ((text.match(/"/g) ?? []).length % 2 === 1) throw new Error('Unbalanced quotes.');
	return out;
}

/** Throws an Error with a readable message when the expression cannot be parsed. */
export function compileSearchExpression(text: string): SearchExpression {
	const tokens = tokenize(text);
	const terms: string[] = [];
	const positive: boolean[] = [];
	let at = 0;

	const term = (raw: string, negated: boolean): Node => {
		const value = raw.toLowerCase().trim();
		let index = terms.indexOf(value);
		if (index < 0) {
			index = terms.push(value) - 1;
			positive.push(false);
		}
		if (!negated) positive[index] = true;
		return { kind: 'term', index };
	};
	const parseOr = (negated: boolean): Node => {
		const nodes = [parseAnd(negated)];
		while (tokens[at] === 'OR') {
			at++;
			nodes.push(parseAnd(negated));
		}
		return nodes.length === 1 ? nodes[0] : { kind: 'or', nodes };
	};
	const parseAnd = (negated: boolean): Node => {
		const nodes = [parseNot(negated)];
		while (at < tokens.length && tokens[at] !== 'OR' && tokens[at] !== ')') {
			if (tokens[at] === 'AND') at++;
			nodes.push(parseNot(negated));
		}
		return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
	};
	const parseNot = (negated: boolean): Node => {
		if (tokens[at] === 'NOT') {
			at++;
			return { kind: 'not', node: parseNot(!negated) };
		}
		const token = tokens[at++];
		if (token === undefined) throw new Error('The expression ends where a term was expected.');
		if (token === '(') {
			const inner = parseOr(negated);
			if (tokens[at++] !== ')') throw new Error('Missing closing parenthesis.');
			return inner;
		}
		if (token === ')' || token === 'AND' || token === 'OR')
			throw new Error(`Unexpected "${token}".`);
		const value = token.startsWith('"') ? token.slice(1) : token;
		if (value.trim() === '') throw new Error('Empty phrase.');
		return term(value, negated);
	};

	if (tokens.length === 0) throw new Error('The expression is empty.');
	const root = parseOr(false);
	if (at < tokens.length) throw new Error(`Unexpected "${tokens[at]}".`);

	const evaluate = (node: Node, found: readonly boolean[]): boolean => {
		switch (node.kind) {
			case 'term':
				return found[node.index];
			case 'not':
				return !evaluate(node.node, found);
			case 'and':
				return node.nodes.every((n) => evaluate(n, found));
			case 'or':
				return node.nodes.some((n) => evaluate(n, found));
		}
	};
	return { terms, positive, matches: (found) => evaluate(root, found) };
}

const isWordChar = (code: number): boolean =>
	(code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);

/** Whole-word (or whole-phrase) occurrence of a lowercase term in lowercase text. */
export function containsTerm(textLower: string, term: string): boolean {
	let from = 0;
	for (;;) {
		const at = textLower.indexOf(term, from);
		if (at < 0) return false;
		const end = at + term.length;
		const startsWord =
			at === 0 || !isWordChar(textLower.charCodeAt(at - 1)) || !isWordChar(term.charCodeAt(0));
		const endsWord =
			end >= textLower.length ||
			!isWordChar(textLower.charCodeAt(end)) ||
			!isWordChar(term.charCodeAt(term.length - 1));
		if (startsWord && endsWord) return true;
		from = at + 1;
	}
}
