#pragma once
// A bounded in-memory view of a growing run, for drawing: consecutive samples
// are grouped into buckets of `stride` samples (bucket k holds samples
// [k·stride, (k+1)·stride)). While stride is 1 the view holds every sample as it
// is; each bucket of a larger stride is drawn as two points, at its first and
// its last sample's time, carrying each column's smallest and largest value in
// the order they occurred, so no peak is lost. When the view would exceed its
// capacity the stride doubles and neighbouring buckets merge pairwise, so the
// memory stays below `capacity` points per column whatever the run's length.
// The samples of a bucket not yet full are held aside and shown once it is
// (or at flush()). A column that is never fed stays empty.

#include <cstddef>
#include <span>
#include <vector>

namespace kelvin::gui {

class SampleEnvelope {
 public:
  /// `columns` value columns; at most `capacity` (≥ 4, even) points held per column.
  SampleEnvelope(std::size_t columns, std::size_t capacity);

  /// Room for `samples` samples (capped at the capacity) in every column fed, taken at the first
  /// append: the columns then do not all reallocate and copy together later.
  void expect(std::size_t samples) { expected_ = samples; }

  /// Appends samples: `times` and one span per column, each either empty (that column has
  /// no data in these samples) or as long as `times`. Returns true when the view was
  /// compacted (its earlier points changed).
  bool append(std::span<const double> times, const std::vector<std::span<const double>>& columns);
  /// Shows the samples of the bucket not yet full (the run has ended). Returns as append().
  bool flush();

  /// The points' times (ascending) and each column's values at them (empty for a column
  /// never fed).
  const std::vector<double>& times() const { return times_; }
  const std::vector<double>& column(std::size_t c) const { return points_[c]; }
  std::size_t columnCount() const { return points_.size(); }
  /// Samples per bucket: 1 while the view holds every sample.
  std::size_t stride() const { return stride_; }
  /// The samples appended so far.
  std::size_t sampleCount() const { return samples_; }
  std::size_t capacity() const { return capacity_; }

 private:
  /// One bucket's extremes of a column in time order (first occurred, then the other).
  struct Extremes {
    double first, second;
  };
  void pushBucket();
  /// Pushes the pending bucket when it is full, compacting first when the view is at capacity.
  bool completeIfFull();
  void compact();
  static Extremes merge(const Extremes& a, const Extremes& b);

  std::size_t capacity_;
  std::size_t stride_ = 1;
  std::size_t samples_ = 0;
  std::size_t expected_ = 0;
  std::vector<double> times_;
  std::vector<std::vector<double>> points_;
  // The bucket being filled: its first and last time, its samples so far, each column's extremes.
  std::size_t pendingCount_ = 0;
  double pendingFirst_ = 0.0, pendingLast_ = 0.0;
  std::vector<Extremes> pending_;
  std::vector<bool> fed_;
  bool flushed_ = false;  // the last bucket is partial (shown by flush())
};

}  // namespace kelvin::gui
