import { fireEvent, screen, within } from '@testing-library/react';

/** Types `value` into the form's `<input name=…>`. */
export const type = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

/** Opens the select labelled `label` and picks the option whose name matches `option`. */
export async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(
    await within(screen.getByRole('listbox')).findByRole('option', { name: new RegExp(option) }),
  );
}
