/**
 * How many distinct values of a business output the import offers to map to decisions (issue 38
 * §4); past it the dialog says more exist. Data only (imports nothing), so the studio's main
 * chunk may read it without loading the importers (tests/entry-chunk.test.ts).
 */
export const MAX_MAPPED_VALUES = 50;
