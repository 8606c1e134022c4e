const radioClass =
  "size-4 shrink-0 accent-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";
const optionClass =
  "flex cursor-pointer items-center gap-3 rounded-lg bg-white p-3 text-sm font-medium text-gray-900 ring-1 ring-gray-300 has-checked:ring-2 has-checked:ring-violet-600";

/**
 * Spend one of the company's credits, or pay (issue 45): two plain radio buttons under a legend,
 * for /submit and a listing's upgrade. Shown only when a credit of the plan is left.
 */
export function CreditChoice({
  name,
  left,
  price,
  useCredit,
  onChange,
}: {
  /** The radio group's name: one per form. */
  name: string;
  /** Credits of the plan left. */
  left: number;
  /** What paying costs: "$199". */
  price: string;
  useCredit: boolean;
  onChange: (useCredit: boolean) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-900">How to pay</legend>
      <div className="mt-2 grid gap-2">
        <label className={optionClass}>
          <input
            type="radio"
            name={name}
            value="credit"
            checked={useCredit}
            onChange={() => onChange(true)}
            className={radioClass}
          />
          Use a credit ({left} left)
        </label>
        <label className={optionClass}>
          <input
            type="radio"
            name={name}
            value="pay"
            checked={!useCredit}
            onChange={() => onChange(false)}
            className={radioClass}
          />
          Pay now ({price})
        </label>
      </div>
    </fieldset>
  );
}
