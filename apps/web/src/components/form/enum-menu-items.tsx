import MenuItem from '@mui/material/MenuItem';
import { ENUMS, type EnumName, enumValues } from '@portal/shared';

/**
 * The options of a select over one of the shared code lists, each labelled by its translation
 * (`enums:<list>.<value>`); `disabled` greys out values that may not be chosen (the current type).
 */
export function enumMenuItems(
  list: EnumName,
  t: (key: string) => string,
  disabled?: (value: string | number) => boolean,
) {
  return enumValues(ENUMS[list]).map((value) => (
    <MenuItem key={String(value)} value={value} disabled={disabled?.(value)}>
      {t(`enums:${list}.${value}`)}
    </MenuItem>
  ));
}
