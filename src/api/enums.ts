/** The contract's enumerations, where the client and its screens have always imported them (src/contract/enums.ts). */
export * from '../contract/enums';
