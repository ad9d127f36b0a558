/**
 * What a person types into a list's search box, read once for every list and both backends: the words and quoted
 * phrases a row must contain. The client turns them into the request (`$search` terms for Form Instances, one
 * `contains(tolower(name), …)` each for the named lists); the test fake and the reference server then apply the same
 * OData rule (src/domain/odata/search.ts, the evaluator and the SQL compiler), so a search means the same on both.
 *
 * - Words are split at white space and control characters; a row matches when it contains every word, each anywhere
 *   (`Applicant 07` finds 'Applicant 07' and '07 … Applicant', not every 'Applicant').
 * - A pair of double quotes makes a phrase, matched as written (`"Applicant 07"`; its inner white space counts as one
 *   space). A quote without its pair is left out, so a phrase still being typed searches its words meanwhile.
 * - Nothing but white space and quotes: no terms (no search).
 */

/** The words and phrases of a typed search, in order, each at most once (case as typed; matching ignores it). */
export function typedSearchTerms(text: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    if (term === '' || seen.has(term.toLowerCase())) return;
    seen.add(term.toLowerCase());
    terms.push(term);
  };
  // eslint-disable-next-line no-control-regex
  const space = /[\s\u0000-\u001f\u007f]+/g;
  // A phrase is a closed pair of quotes; everything else is words (stray quotes dropped).
  const parts = text.split(/("[^"]*")/);
  for (const part of parts) {
    if (part.length >= 2 && part.startsWith('"') && part.endsWith('"')) {
      add(part.slice(1, -1).replace(space, ' ').trim());
      continue;
    }
    for (const word of part.replace(/"/g, ' ').split(space)) add(word);
  }
  return terms;
}
