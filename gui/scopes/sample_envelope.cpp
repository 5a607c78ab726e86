#include "scopes/sample_envelope.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace kelvin::gui {

SampleEnvelope::SampleEnvelope(std::size_t columns, std::size_t capacity)
    : capacity_(std::max<std::size_t>(4, capacity & ~std::size_t(1))), points_(columns), pending_(columns),
      fed_(columns, false) {}

SampleEnvelope::Extremes SampleEnvelope::merge(const Extremes& a, const Extremes& b) {
  // The four values in time order; keep the smallest and the largest, in the order they came.
  const double v[4] = {a.first, a.second, b.first, b.second};
  int low = 0, high = 0;
  for (int i = 1; i < 4; ++i) {
    if (v[i] < v[low]) low = i;
    if (v[i] > v[high]) high = i;
  }
  if (v[low] != v[low] || v[high] != v[high]) return {v[0], v[3]};  // NaN: keep the ends
  return low <= high ? Extremes{v[low], v[high]} : Extremes{v[high], v[low]};
}

bool SampleEnvelope::append(std::span<const double> times, const std::vector<std::span<const double>>& columns) {
  bool compacted = false;
  if (flushed_) {
    // The partial bucket shown at flush() fills up again.
    const std::size_t shown = stride_ == 1 ? 1 : 2;
    times_.resize(times_.size() - shown);
    for (std::size_t c = 0; c < points_.size(); ++c)
      if (fed_[c]) points_[c].resize(points_[c].size() - shown);
    flushed_ = false;
  }
  compacted = completeIfFull();
  if (samples_ == 0) {
    const std::size_t room = std::min(expected_, capacity_);
    times_.reserve(room);
    for (std::size_t c = 0; c < points_.size(); ++c) {
      fed_[c] = c < columns.size() && !columns[c].empty();
      if (fed_[c]) points_[c].reserve(room);
    }
  }
  constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (pendingCount_ == 0) pendingFirst_ = times[i];
    pendingLast_ = times[i];
    for (std::size_t c = 0; c < points_.size(); ++c) {
      if (!fed_[c]) continue;
      const double v = c < columns.size() && i < columns[c].size() ? columns[c][i] : kMissing;
      pending_[c] = pendingCount_ == 0 ? Extremes{v, v} : merge(pending_[c], {v, v});
    }
    ++pendingCount_;
    ++samples_;
    compacted = completeIfFull() || compacted;
  }
  return compacted;
}

bool SampleEnvelope::completeIfFull() {
  if (pendingCount_ < stride_) return false;
  bool compacted = false;
  if (times_.size() + (stride_ == 1 ? 1 : 2) > capacity_) {
    compact();
    compacted = true;
  }
  if (pendingCount_ == stride_) pushBucket();
  return compacted;
}

bool SampleEnvelope::flush() {
  if (pendingCount_ == 0 || flushed_) return false;
  bool compacted = false;
  if (times_.size() + 2 > capacity_) {
    compact();
    compacted = true;
  }
  if (completeIfFull()) compacted = true;
  if (pendingCount_ == 0) return compacted;
  const std::size_t count = pendingCount_;
  pushBucket();
  // pushBucket forgets the bucket; keep it, so that append() can go on filling it.
  pendingCount_ = count;
  flushed_ = true;
  return compacted;
}

void SampleEnvelope::pushBucket() {
  times_.push_back(pendingFirst_);
  if (stride_ > 1) times_.push_back(pendingLast_);
  for (std::size_t c = 0; c < points_.size(); ++c) {
    if (!fed_[c]) continue;
    points_[c].push_back(pending_[c].first);
    if (stride_ > 1) points_[c].push_back(pending_[c].second);
  }
  pendingCount_ = 0;
}

void SampleEnvelope::compact() {
  // Stride 1 holds a point per bucket, larger strides two: going from 1 to 4, or doubling,
  // halves the points.
  const std::size_t perBucket = stride_ == 1 ? 1 : 2;
  const std::size_t group = stride_ == 1 ? 4 : 2;
  const std::size_t buckets = times_.size() / perBucket, groups = buckets / group, left = buckets % group;
  auto bucketTimes = [&](std::size_t b) {
    return std::pair{times_[b * perBucket], times_[b * perBucket + perBucket - 1]};
  };
  // The buckets after the last whole group go back to the pending bucket, before its samples.
  std::size_t leftSamples = left * stride_;
  if (left > 0) {
    const double first = bucketTimes(groups * group).first;
    std::vector<Extremes> held(points_.size());
    for (std::size_t c = 0; c < points_.size(); ++c) {
      if (!fed_[c]) continue;
      const std::vector<double>& p = points_[c];
      for (std::size_t b = groups * group; b < buckets; ++b) {
        const Extremes e{p[b * perBucket], p[b * perBucket + perBucket - 1]};
        held[c] = b == groups * group ? e : merge(held[c], e);
      }
      if (pendingCount_ > 0) held[c] = merge(held[c], pending_[c]);
    }
    pending_ = std::move(held);
    pendingFirst_ = first;
    if (pendingCount_ == 0) pendingLast_ = bucketTimes(buckets - 1).second;
    pendingCount_ += leftSamples;
  }
  // Whole groups merge into one bucket of two points each, in place (writes trail the reads).
  for (std::size_t j = 0; j < groups; ++j) {
    const double first = bucketTimes(j * group).first, last = bucketTimes(j * group + group - 1).second;
    times_[2 * j] = first;
    times_[2 * j + 1] = last;
  }
  times_.resize(2 * groups);
  for (std::size_t c = 0; c < points_.size(); ++c) {
    if (!fed_[c]) continue;
    std::vector<double>& p = points_[c];
    for (std::size_t j = 0; j < groups; ++j) {
      Extremes e{p[j * group * perBucket], p[j * group * perBucket + perBucket - 1]};
      for (std::size_t b = j * group + 1; b < j * group + group; ++b)
        e = merge(e, {p[b * perBucket], p[b * perBucket + perBucket - 1]});
      p[2 * j] = e.first;
      p[2 * j + 1] = e.second;
    }
    p.resize(2 * groups);
  }
  stride_ *= group;
}

}  // namespace kelvin::gui
