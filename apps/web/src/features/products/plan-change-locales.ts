/** English texts of /manage/planChange, registered when its chunk loads. */
export const planChangeEn = {
  intro:
    'Plan changes are processed on the 7th, 15th and 21st of the month, or the next working day. A change asked for today takes effect on {{date}}.',
  current: 'Current plan: {{plan}}, {{price}} a month',
  choose: 'New plan',
  choosePlaceholder: 'Choose a plan',
  option: '{{plan}} ({{price}} a month)',
  difference: {
    more: '{{price}} a month more than now',
    less: '{{price}} a month less than now',
    same: 'The same price as now',
  },
  review: 'Review the change',
  reviewLabel: 'Review the plan change for {{line}}',
  confirmText:
    '{{line}} moves from {{from}} to {{to}} ({{to_price}} a month, GST included) on {{date}}. Your bill charges {{from}} to the day before and {{to}} from that day.',
  addonsEnd:
    '{{to}} does not take these add-ons: they end on {{date}}, with the change, and are not charged after: {{addons}}.',
  confirm: 'Confirm the change',
  confirmLabel: 'Confirm the plan change for {{line}}',
  back: 'Back',
  backLabel: 'Back to choosing a plan for {{line}}',
  scheduled: 'Moving to {{plan}} on {{date}} ({{difference}}).',
  cancel: 'Cancel the change',
  cancelLabel: 'Cancel the plan change for {{line}}',
  cancelConfirm: 'Cancel the move to {{plan}}? {{line}} stays on {{from}}.',
  cancelYes: 'Yes, cancel it',
  cancelYesLabel: 'Yes, cancel the plan change for {{line}}',
  cancelNo: 'Keep it',
  cancelNoLabel: 'Keep the plan change for {{line}}',
  noLines: 'You have no active lines yet. A plan can be changed once a line is active.',
  required: 'Plan is required. Please choose plan!',
};
