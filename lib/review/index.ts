export * from './schedule';
export {
  reviewSchema,
  recordReviewAnswer,
  scheduledReviews,
  reviewsDue,
  type ReviewItem,
} from './records';
