/**
 * English texts of the Help page, registered when its chunk loads. The answers' amounts, days and
 * limits are filled in from the domain's constants (components/faq.ts), never typed here.
 */
export const helpEn = {
  intro:
    'Answers to common questions about ordering, your SIM, your number, bills, roaming, and your lines: a lost SIM, suspending or ending a line, changing its number, and ‘Us’ lines.',
  search: 'Search the questions',
  searchHint: 'Type a word or two, for example PayNow or eSIM.',
  all: 'Showing all {{count}} questions.',
  one: '1 answer matches “{{query}}”.',
  many: '{{count}} answers match “{{query}}”.',
  none: 'No answers match “{{query}}”.',
  noneHelp: 'Try other words, or contact us and we will help you:',
  related: 'Related pages',
  goTo: 'Go to {{page}}',
  contact: {
    title: 'Contact us',
    text: 'Did not find your answer? Our support team will help you.',
    email: 'Email {{email}}',
    phone: 'Call {{phone}}',
  },
  topics: {
    ordering: 'Ordering',
    activation: 'Activation',
    porting: 'Number porting',
    esim: 'eSIM',
    bills: 'Bills and payments',
    roaming: 'Roaming',
    addons: 'Add-ons and plans',
    lines: 'Your lines: lost SIM, suspension and ending a line',
    usLines: '‘Us’ lines',
  },
  faq: {
    orderCost: {
      q: 'What do I pay when I order?',
      a: [
        'Each line’s first month of its plan and of the add-ons you choose, plus a one-off fee of {{newNumberFee}} for each new number. A number you keep from another network has no fee.',
        'Home delivery costs {{homeDeliveryFee}}; postal mail, self-collection and eSIM ID verification are free. All prices include GST, and the order summary shows the GST rate and amount.',
      ],
    },
    delivery: {
      q: 'How is my SIM delivered?',
      a: [
        'For a physical SIM, choose Home Delivery ({{homeDeliveryFee}}, on a working day you pick within the next 2 working days), Postal Mail or Self-Collection.',
        'An eSIM has nothing to deliver: its delivery method is eSIM ID Verification, which is free, and only a billing address is needed.',
      ],
    },
    promotion: {
      q: 'Can I use a promotion code?',
      a: [
        'Yes, in the Order Summary step. A code takes an amount or a percentage off the first month’s plan and add-on charges only, never off the one-off fees.',
      ],
    },
    orderStatus: {
      q: 'Where can I see how my order is going?',
      a: [
        'My Account shows where your latest order is and what you need to do next. Orders lists all your orders with their status.',
      ],
    },
    activateSim: {
      q: 'How do I activate my physical SIM?',
      a: [
        'Once your SIM is on its way or delivered, open Activate SIM Online. You need your order number (it starts with SC, as in your order confirmation email), your Singpass, as the person named on the order, and the SIM card: scan its barcode or type the number under it, starting with 89.',
        'Activation takes up to 4 hours; we email you when your line is active.',
      ],
    },
    adminFee: {
      q: 'Is there a fee if I do not activate my SIM?',
      a: [
        'Yes. If your SIM is not activated within {{adminFeeDays}} calendar days of your order, or the order is cancelled, an admin fee of {{adminFee}} is charged on your bill. My Account shows the date to activate by.',
      ],
    },
    esimActivation: {
      q: 'Do I need to activate an eSIM?',
      a: [
        'No. Once your order is verified, your eSIM profile is released, its activation code and QR code are emailed to you, and your line is activated on it.',
      ],
    },
    keepNumber: {
      q: 'Can I keep my number from another network?',
      a: [
        'Yes: choose Keep my number in the Number Selection step. It must be a postpaid Singapore mobile number that stays active with your current network until it moves. There is no new-number fee for it.',
        'Until your number moves, your new SIM works on a temporary number. When the port succeeds, your line takes your own number and the temporary one is released.',
      ],
    },
    submitPort: {
      q: 'How do I submit my number porting request?',
      a: [
        'Your request waits in Number Porting as ‘{{notSubmitted}}’. Check your current network and the ID number registered with it, then submit.',
      ],
    },
    portWindow: {
      q: 'When does my number move?',
      a: [
        'Porting runs from 11pm to 4am on working days, not on weekends or Singapore public holidays. Submit before 5pm on a working day for that night’s window; later requests go the next working night.',
        'A request runs in the first window after your new SIM is active. Keep your current SIM until then.',
      ],
    },
    portUnsuccessful: {
      q: 'My porting request is Unsuccessful. What now?',
      a: [
        'Your current network refused it for a reason you can put right, for example the ID number does not match its records or there is an outstanding bill. Correct the details in Number Porting, or pay the bill with your current network, then submit again.',
      ],
    },
    portFailed: {
      q: 'My porting request Failed. What now?',
      a: [
        '{{portFailed}} This happens when the number cannot come over, for example because it is not an active postpaid number with your current network, so the request cannot be submitted again.',
        'Contact us at {{email}} or {{phone}} and we will help you with the Number Change.',
      ],
    },
    getEsim: {
      q: 'How do I get an eSIM?',
      a: [
        'Choose eSIM when you order. Once the order is verified (on its own when you filled in your details with Retrieve with Myinfo), we email you its activation code and QR code.',
      ],
    },
    installEsim: {
      q: 'How do I install my eSIM?',
      a: [
        'Open SIM Management and your line’s details. On your phone, open Settings, then Mobile data (or Connections), then Add eSIM, and scan the QR code, or enter the activation code by hand.',
        'Until a phone installs the profile, the line’s page says ‘{{deviceNotFound}}’.',
      ],
    },
    newEsim: {
      q: 'I have a new phone. Can I get a new eSIM profile?',
      a: [
        'Yes. Each line has {{esimInstalls}} free eSIM installations and one profile works at a time. On your line’s page in SIM Management, Get a new eSIM profile stops the current profile and gives you a new one. When all are used, contact us.',
      ],
    },
    billDate: {
      q: 'When do I get my bill?',
      a: [
        'On the 1st of each month, for the month just ended. It is emailed to you, and Bills shows it in full with its PDF tax invoice.',
        'Your order paid each line’s first month, from the day the line was activated. After that your plan is on your bills, the first part-month prorated.',
      ],
    },
    payBill: {
      q: 'How can I pay my bill?',
      a: [
        'In Bills, pay a bill with your saved card, or by PayNow: scan the QR code with your banking app, or pay to our UEN with the bill number as the reference.',
        '{{payNowTakes}} After you tell us you have paid, the bill shows ‘{{pending}}’ until the bank confirms the money has arrived.',
      ],
    },
    autoDeduction: {
      q: 'When is my card charged automatically?',
      a: [
        'Unpaid bills are charged to your saved card from the {{deductionDay}} of the month. If a charge fails, we tell you by email and SMS and try again {{retryDays}} days after the {{deductionDay}}.',
        '{{payNowTakes}} {{payNowCutoff}} If your card is charged and a PayNow transfer for the same bill arrives too, the amount is credited to your next bill.',
      ],
    },
    overdue: {
      q: 'What happens if I do not pay on time?',
      // Other words customers search with; not shown.
      k: 'late fee, late payment, penalty, unpaid bill',
      a: [
        'A bill still unpaid {{overdueDays}} days after its due date is overdue, and an overdue notice fee of {{overdueFee}} goes on your next bill.',
      ],
    },
    billStatus: {
      q: 'What do the bill statuses mean?',
      a: [
        '{{paid}}: the bill is paid. {{due}}: the bill is waiting for payment. {{pending}}: you told us you paid by PayNow and the bank has not confirmed it yet. {{unknown}}: we are waiting for the card gateway to confirm a card payment.',
      ],
    },
    changeCard: {
      q: 'How do I change the card my bills are paid with?',
      a: [
        'In Bills, choose Change card (or Add a card) and enter the card on our payment provider’s secure page. Bills are paid with the latest card you saved.',
      ],
    },
    roamingOn: {
      q: 'Can I use my phone abroad?',
      a: [
        'Yes. Roaming is on for each line unless you switch it off in Roaming. When it is off, no calls, SMS or data can be used abroad on that line.',
        'Roaming that your packs and plan do not cover is charged on your monthly bill.',
      ],
    },
    roamingPack: {
      q: 'What is a roaming pack?',
      a: [
        'Data abroad for a number of days in the countries the pack covers. Find one by country in Roaming; it is charged to your saved card when you buy it. A shareable pack can serve more than one of your lines.',
      ],
    },
    roamingCap: {
      q: 'What is the roaming spend cap?',
      a: [
        'A monthly limit, from {{capMin}} to {{capMax}}, that you can set in Roaming for each line, on roaming used outside your packs. When the month’s charged roaming reaches it, roaming data outside your packs stops until the 1st of next month. Calls and SMS abroad still work, and data your packs or plan cover still flows.',
        'We send you an SMS at {{capWarn}}% of the cap and when it is reached.',
      ],
    },
    roamingUsage: {
      q: 'Where can I see what I used abroad?',
      a: ['Roaming Usage shows your roaming bundles, what each has used and its records.'],
    },
    addons: {
      q: 'How are add-ons and IDD services charged?',
      a: [
        'Subscribe in Add-ons or IDD. They are charged on your monthly bill from the day you subscribe, that month’s part prorated.',
        'When you unsubscribe, they stay on until the end of the month’s last day, and that month is charged in full.',
      ],
    },
    boosters: {
      q: 'What are boosters and lite top-ups?',
      a: [
        'They add local data to your lines. One-time ones are charged to your saved card when you buy them and last {{validityDays}} days; monthly ones are charged on your bill. A monthly booster can be changed once a month.',
      ],
    },
    planChange: {
      q: 'When does a plan change take effect?',
      a: [
        'Plan changes are processed on the 7th, 15th and 21st of the month, or the next working day. Change Plan shows the date yours takes effect.',
      ],
    },
    rollover: {
      q: 'Does unused data roll over?',
      a: [
        'With Data Rollover on, what is left of your plan’s monthly data carries into next month, up to one month’s allowance. It is used first, and lasts until the end of that month. Switching it on or off takes effect from the next 1st.',
      ],
    },
    lostSim: {
      q: 'I lost my SIM. What do I do?',
      a: [
        'Report it on Lost SIM: choose the line and confirm. The SIM is blocked at once and for good, so nobody can use it, and the line keeps its number, plan, add-ons and balances.',
        'A physical SIM is replaced with a new one sent to your order’s address; the {{simReplacementFee}} fee goes on your next bill. An eSIM gets a new eSIM profile at once, free of charge: its QR code is on the page and emailed to you. The page shows each step until the line works again.',
      ],
    },
    suspendLine: {
      q: 'Can I suspend a line?',
      a: [
        'Yes, on Suspension. Its calls, SMS and data stop at once, in Singapore and abroad. The line keeps its number, and its plan is still billed.',
        'You cannot resume a suspended line yourself: contact us at {{email}} or {{phone}} and our support team resumes it. Nothing can be bought or changed on a suspended line.',
      ],
    },
    endLine: {
      q: 'How do I end a line or close my account?',
      k: 'terminate, cancel, stop, quit, close',
      a: [
        'On Termination, choose an ‘Us’ line, or your whole account (all its lines; your main line ends only with the account), and the day it ends, from today to {{endMaxDays}} days ahead, and confirm with your password.',
        'Until that day you can cancel it. On the day the line ends with its add-ons, an ‘Us’ line’s login closes, and the number is released. Your next monthly bill charges the plan to the day before and is the line’s last.',
      ],
    },
    changeNumber: {
      q: 'Can I change my number?',
      k: 'new number, number change, different number',
      a: [
        'Yes, on Change Number: choose a new number from those offered and hold it while you decide. The change is made within minutes of confirming, and the old number stops working and is released.',
        'The {{numberChangeFee}} fee goes on your next bill once the number has changed; a change that fails costs nothing, and so does one after a port-in that failed. Tell your bank and others that send you codes by SMS of the new number.',
      ],
    },
    addUsLine: {
      q: 'How do I add an ‘Us’ line for someone?',
      a: [
        'On Us, choose Add and give the user’s full name, NRIC or FIN and contact number, a plan, SIM or eSIM, a new number or one you bring, and how the SIM reaches them. You can have up to {{usLines}} ‘Us’ lines.',
        'We check every line before it goes ahead, then deliver and activate it like an order. Nothing is charged then: the new-number and delivery fees go on your next bill once the line is live, and its plan is billed with your other lines. A person who already has an account with us adds the line from their own account.',
      ],
    },
    usLineLogin: {
      q: 'How does the user of an ‘Us’ line sign in?',
      a: [
        'With the line’s number and a code sent to it by SMS. They see the usage of their own line only; you, as the account holder, manage the line, its bills and its services.',
        'Until the line is active, its user is told it is being prepared and to ask you how it is going. You see where each line stands on Us and on My Account.',
      ],
    },
  },
};
