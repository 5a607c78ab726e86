#pragma once
// The DC operating point written on the canvas (Simulation ▸ Operating Point):
// each node of the level shown gets its across value beside the longest wire
// segment of its net ("2.31 V"; a grounded node at 0 is left bare), and each
// two-terminal element its through value with an arrow along the element in the
// direction it flows ("1.2 mA →"). The labels are scene items of their own,
// made again whenever the scene rebuilds its items (an edit, another level), put
// where they cover no block and no other label when one of a few places allows.
// After an edit they are marked stale (grey, italic) until the next solve.

#include <optional>
#include <string>
#include <vector>

#include <QList>
#include <QObject>

#include "analysis/operating_point_values.h"

class QGraphicsSimpleTextItem;

namespace kelvin::gui {

class DiagramScene;

class OperatingPointAnnotations : public QObject {
  Q_OBJECT

 public:
  /// `scene` must outlive the annotations.
  explicit OperatingPointAnnotations(DiagramScene* scene, QObject* parent = nullptr);
  ~OperatingPointAnnotations() override;

  /// Shows `values` (not stale).
  void setValues(const OperatingPointValues& values);
  /// Removes the values and their labels.
  void clear();
  /// Marks the values as belonging to an earlier version of the model.
  void setStale(bool stale);
  bool isStale() const { return stale_; }
  bool hasValues() const { return values_.has_value(); }
  /// Hides or shows the labels (the values are kept).
  void setShown(bool shown);
  bool isShown() const { return shown_; }

  /// The labels on the canvas now.
  QList<QGraphicsSimpleTextItem*> labels() const;
  /// The label of node `port` ("R1.p" on the level shown) or of element `id` ("R1"), or nullptr.
  QGraphicsSimpleTextItem* nodeLabel(const std::string& port) const;
  QGraphicsSimpleTextItem* branchLabel(const std::string& id) const;

 private:
  void apply();
  void removeLabels();

  DiagramScene* scene_;
  std::optional<OperatingPointValues> values_;
  bool stale_ = false;
  bool shown_ = true;
  // The labels placed, so that removing them needs no walk over every item of the scene (a
  // 10,000-block diagram has 40,000).
  std::vector<QGraphicsSimpleTextItem*> labels_;
};

}  // namespace kelvin::gui
