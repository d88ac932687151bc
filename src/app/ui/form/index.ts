export { Field, type FieldBaseProps, type ReportMark, ReportMarks, reportMarkTitle } from './Field';
export {
  formMed,
  GEM_TAST,
  gemFokuseretForm,
  installerGemTast,
  type RegistreretForm,
  registreredeForms,
  registrerForm,
  useGemTast,
} from './gem-tast';
export {
  Checkbox,
  DateInput,
  JA_NEJ_IKKE_RELEVANT,
  jaNejTekst,
  MaengdeInput,
  type MaengdeInputProps,
  NumberInput,
  RadioGroup,
  type RadioOption,
  TextArea,
  TextInput,
} from './inputs';
export {
  IKKE_DMA,
  LookupCheckList,
  type LookupOption,
  LookupSelect,
  type LookupValue,
  type LookupValueKey,
  OPTION_LIMIT,
  optionLabel,
  visibleOptions,
} from './LookupSelect';
export { formatDanskDato, formatDanskTal, parseDanskDato, parseDanskTal } from './parse';
export { type RedigeringsMelder, RedigeringsNaervaer } from './redigerings-naervaer';
export { type FormApi, type FormErrors, focusFirstError, problemErrors, useForm, zodErrors } from './useForm';
export {
  type GemFejl,
  useNyFormFokus,
  useVersionedForm,
  type VersionedForm,
  type VersionedFormOptions,
} from './useVersionedForm';
