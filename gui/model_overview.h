#pragma once
// A read-only overview of a model: a summary (name, stop time, solver, and
// the model's description when it has one),
// the blocks (id, type, parameters; subsystems expand to their contents) and
// the connections. It stands where the diagram canvas will be.

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace kelvin::core {
struct Block;
class BlockRegistry;
struct Connection;
struct Model;
}  // namespace kelvin::core

namespace kelvin::gui {

class ModelOverview : public QWidget {
  Q_OBJECT

 public:
  /// `registry` supplies type titles and parameter units; it must outlive the widget.
  explicit ModelOverview(const core::BlockRegistry& registry, QWidget* parent = nullptr);

  /// Replaces what is shown with `model` (copied into the views; the model may change afterwards).
  void showModel(const core::Model& model);

  QTreeWidget* blockTree() const { return blocks_; }
  QTreeWidget* connectionTree() const { return connections_; }

 private:
  void addBlocks(const std::vector<core::Block>& blocks, QTreeWidgetItem* parent);
  void addConnections(const std::vector<core::Connection>& connections, QTreeWidgetItem* parent);

  const core::BlockRegistry& registry_;
  QLabel* summary_;
  QTreeWidget* blocks_;
  QTreeWidget* connections_;
};

}  // namespace kelvin::gui
