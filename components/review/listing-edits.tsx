export function ListingEditsReview() {
  return <p className="text-sm text-gray-600">No edits are waiting.</p>;
}
