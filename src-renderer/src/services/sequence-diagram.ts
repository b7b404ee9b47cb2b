/** The sequence diagram's model lives in src-shared (QA reports draw it too); the demo imports it from here. */
export * from '@shared/diagram/sequence-model';
