/** Small words shown around values (countdowns, file pickers, magic amounts). Spread as `display` in en.ts. */
const display = {
  expiresIn: 'expires in {time}',
  days: '{n} days',
  magic: {
    create: 'create answers {status}',
    firstStatus: 'first status query answers {status}; later ones are normal',
  },
  checkCredentials: 'check its credentials.',
  file: {
    choose: 'Choose a file…',
    none: 'No file chosen',
  },
};

export default display;
