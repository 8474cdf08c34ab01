/** English texts of the line service pages (suspension, international calls and SMS), loaded with them. */
export const servicesEn = {
  me: 'Me',
  us: 'Us',
  lineHeading: '{{number}} ({{who}})',
  noLines: 'You have no active lines yet.',
  status: 'Status: {{status}}',
  pending:
    'The network is applying your last change. This page shows it as done once the network confirms it.',
  notFound: 'This line was not found among your active lines.',
  back: 'Back to {{page}}',
  cancel: 'Cancel',
  suspension: {
    intro:
      'Suspending a line stops its calls, SMS and data at once. The line keeps its number and its plan is still billed. Only our support team can resume a suspended line.',
    suspend: 'Suspend {{line}}',
    since: 'Suspended since {{date}}: {{reason}}.',
    contact: 'To resume this line, please contact our support team at {{email}} or {{phone}}.',
    reason: 'Why are you suspending this line?',
    warning:
      'The line stops working as soon as you confirm: no calls, SMS or data, in Singapore or abroad. You cannot resume it yourself; our support team can.',
    confirm: 'Suspend this line now',
  },
  barring: {
    intro:
      'You can bar calls and SMS from numbers abroad, and calls and SMS to numbers abroad (IDD), on each line. Calls and SMS within Singapore are not affected.',
    incoming: 'Incoming international calls and SMS',
    outgoing: 'Outgoing international calls and SMS (IDD)',
    barIncoming: 'Bar incoming international calls and SMS',
    barOutgoing: 'Bar outgoing international calls and SMS (IDD)',
    barred: 'Barred',
    allowed: 'Allowed',
    change: 'Change international calls and SMS on {{line}}',
    save: 'Save',
    suspended: 'This line is suspended. International calls and SMS can be changed once it is resumed.',
  },
  numberChange: {
    intro:
      'Choose a new number for a line. The number you choose is held for you for {{minutes}} minutes while you decide. Your plan, add-ons, balances and bills stay as they are.',
    which: 'Which line?',
    choose: 'New numbers',
    heldTitle: 'Your new number: {{number}}',
    heldUntil: 'Held for you until {{time}}.',
    fee: 'Fee: {{fee}}, on your next bill.',
    free: 'No fee: your port-in failed, so this change is free.',
    when: 'The change takes effect within minutes of confirming. {{old}} then stops working and is released.',
    confirm: 'Change to {{number}}',
    keep: 'Keep my number',
    pending:
      'Changing to {{number}}: the network is making the change. This page shows it as done once the network confirms it.',
    pendingLong:
      'Changing to {{number}}: the network is not answering at the moment. Your change is kept and completes as soon as the network is back; nothing is charged until then.',
    feeBefore: 'A number change costs {{fee}}, on your next bill.',
    freeBefore: 'Your port-in failed, so a number change is free.',
    holdThis: 'Hold {{number}}',
    done: 'Changed from {{from}} to {{to}} on {{at}}.',
    failed: 'The change to {{number}} did not go through.',
    temporary: 'Until your own number comes over, this line works on the temporary number {{number}}.',
    portFailed:
      'The port-in of {{number}} failed. Port a number in again below, or choose a new number free of charge.',
    portAgain: 'Port a number in again',
    portNumber: 'Mobile number to port in',
    donor: 'Current network',
    donorId: 'ID number registered with that network',
    postpaid: 'This is a postpaid number and it stays active with its network until it moves.',
    submitPort: 'Submit the port-in',
    seePort: 'See its progress',
  },
  termination: {
    intro:
      'On the day you choose, the line stops working and its number is released; its add-ons and boosters end with it, and an Us line’s login closes. Your next bill charges it to the day before, and is its last. You can cancel until that day.',
    what: 'What do you want to end?',
    account: 'The whole account: every line',
    mainOnlyWithAccount: 'Your main line ends only with the whole account.',
    date: 'End date',
    password: 'Your password, to confirm',
    submit: 'End it on this day',
    scheduled: 'Ends on {{date}}',
    scheduledAccount: 'Ends on {{date}}, with the whole account',
    cancel: 'Cancel ending {{line}}',
    none: 'Nothing is set to end.',
    scheduledTitle: 'Set to end',
  },
};
