#pragma once
// View ▸ Show Partition: tints the blocks of the diagram by the portion of the
// physical network they belong to (core/structure/partitioner.h): linear
// portions in one colour, nonlinear (memoryless) portions in another. The
// partition is computed on a pool thread from a copy of the model, again
// after every edit while the overlay is shown; the tints are translucent
// rectangles that are children of the block items, so they move with them,
// and are put back whenever the scene rebuilds its items (another level).
// While it is shown, selecting a block of a portion with ports shows beside it the
// portion's noise at its ports: the noise-wave correlation C_s = kT(I − S·S†) at
// 1 Hz (core/run/partition_analysis.h), or why Bosma's theorem does not give it.

#include <map>
#include <string>
#include <vector>

#include <QObject>

#include "analysis/background_tasks.h"

class QGraphicsItem;
class QGraphicsRectItem;
class QTimer;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class DiagramScene;
class ModelDocument;

class PartitionOverlay : public QObject {
  Q_OBJECT

 public:
  enum class Tint { None, Linear, Nonlinear };

  /// `scene`, `document` and `registry` must outlive the overlay.
  PartitionOverlay(DiagramScene* scene, ModelDocument* document, const core::BlockRegistry& registry,
                   QObject* parent = nullptr);
  ~PartitionOverlay() override;

  bool isShown() const { return shown_; }
  /// Shows (computing the partition) or hides the tints.
  void setShown(bool shown);

  /// The tint of block `id` of the level shown (None when hidden or not a physical element).
  Tint tintOf(const std::string& id) const;
  /// The rectangle tinting block `id`, or nullptr.
  QGraphicsRectItem* tintItem(const std::string& id) const;
  /// The noise of the portion of block `id` at its ports, as the label shows it (empty for none).
  QString noiseText(const std::string& id) const;
  /// The label showing it beside the selected block, or nullptr.
  QGraphicsItem* noiseLabel() const;
  /// The last error of the partition (the model does not elaborate), or empty.
  const QString& error() const { return error_; }

 Q_SIGNALS:
  /// The tints were (re)applied after a partition was computed.
  void updated();

 private:
  void recompute();
  void apply();
  void clearTints();
  void showSelectedNoise();

  DiagramScene* scene_;
  ModelDocument* document_;
  const core::BlockRegistry& registry_;
  QTimer* debounce_;
  bool shown_ = false;
  /// Full element path ("R1", "Sub1/R1") → linear.
  std::map<std::string, bool> linear_;
  /// Full element path → the text of its portion's noise at the ports.
  std::map<std::string, QString> noise_;
  QString error_;
  /// The block whose child the noise label is (empty: none shown).
  std::string noiseBlock_;
  int generation_ = 0;
  BackgroundTasks tasks_;
};

}  // namespace kelvin::gui
