// The core headers come first: FlatSystem has a member named `signals`, which Qt's headers define as a macro.
#include "elaborate/elaborator.h"
#include "structure/partitioner.h"

#include "analysis/partition_overlay.h"

#include <QBrush>
#include <QGraphicsRectItem>
#include <QPen>
#include <QTimer>

#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "document/model_document.h"

namespace kelvin::gui {

namespace {

constexpr int kTintKey = 0x6b70;  // QGraphicsItem::data key marking a tint rectangle
constexpr int kDebounceMs = 150;

const QColor kLinearTint(40, 120, 220, 70);
const QColor kNonlinearTint(230, 110, 20, 90);

/// The prefix of the element paths of the blocks on `level` ("" at the top, "Sub1/" inside Sub1).
std::string levelPrefix(const QStringList& level) {
  std::string prefix;
  for (const QString& id : level) prefix += id.toStdString() + "/";
  return prefix;
}

}  // namespace

PartitionOverlay::PartitionOverlay(DiagramScene* scene, ModelDocument* document, const core::BlockRegistry& registry,
                                   QObject* parent)
    : QObject(parent), scene_(scene), document_(document), registry_(registry), debounce_(new QTimer(this)) {
  debounce_->setSingleShot(true);
  debounce_->setInterval(kDebounceMs);
  connect(debounce_, &QTimer::timeout, this, &PartitionOverlay::recompute);
  auto edited = [this] {
    if (shown_) debounce_->start();
  };
  connect(document_, &ModelDocument::modelReset, this, edited);
  connect(document_, &ModelDocument::levelChanged, this, edited);
  connect(document_, &ModelDocument::variablesChanged, this, edited);
  connect(scene_, &DiagramScene::synced, this, [this] {
    if (shown_) apply();
  });
}

PartitionOverlay::~PartitionOverlay() { tasks_.waitForDone(); }

void PartitionOverlay::setShown(bool shown) {
  if (shown == shown_) return;
  shown_ = shown;
  if (shown_) {
    recompute();
  } else {
    debounce_->stop();
    ++generation_;
    clearTints();
  }
}

void PartitionOverlay::recompute() {
  const core::Model model = document_->model();
  const std::string file = document_->filePath().toStdString();
  const core::BlockRegistry* registry = &registry_;
  const int generation = ++generation_;
  tasks_.run<std::map<std::string, bool>>(
      this,
      [model, file, registry] {
        std::map<std::string, bool> linear;
        const core::FlatSystem flat = core::Elaborator(*registry, file).elaborate(model);
        for (const core::Portion& portion : core::partitionNetwork(flat))
          for (const std::string& element : portion.elements) linear[element] = portion.linear;
        return linear;
      },
      [this, generation](const TaskOutcome<std::map<std::string, bool>>& outcome) {
        if (generation != generation_ || !shown_) return;
        error_ = outcome.error;
        if (outcome.value) linear_ = *outcome.value;  // on error, keep the last partition shown
        apply();
        Q_EMIT updated();
      });
}

void PartitionOverlay::clearTints() {
  for (QGraphicsItem* item : scene_->items())
    if (item->data(kTintKey).toBool()) delete item;
}

void PartitionOverlay::apply() {
  clearTints();
  const std::string prefix = levelPrefix(scene_->level());
  for (const auto& [path, linear] : linear_) {
    if (path.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string id = path.substr(prefix.size());
    if (id.find('/') != std::string::npos) continue;  // inside a subsystem of this level
    BlockItem* block = scene_->blockItem(id);
    if (!block) continue;
    auto* tint = new QGraphicsRectItem(block->mapRectFromScene(block->bodySceneRect()).adjusted(-4, -4, 4, 4), block);
    tint->setData(kTintKey, true);
    tint->setData(kTintKey + 1, linear);
    tint->setPen(QPen(linear ? kLinearTint.darker(150) : kNonlinearTint.darker(150), 1.5, Qt::DashLine));
    tint->setBrush(linear ? kLinearTint : kNonlinearTint);
    tint->setAcceptedMouseButtons(Qt::NoButton);
    tint->setAcceptHoverEvents(false);
    tint->setToolTip(linear ? tr("Linear portion") : tr("Nonlinear portion"));
    tint->setFlag(QGraphicsItem::ItemStacksBehindParent, false);
  }
}

QGraphicsRectItem* PartitionOverlay::tintItem(const std::string& id) const {
  BlockItem* block = scene_->blockItem(id);
  if (!block) return nullptr;
  for (QGraphicsItem* child : block->childItems())
    if (child->data(kTintKey).toBool()) return static_cast<QGraphicsRectItem*>(child);
  return nullptr;
}

PartitionOverlay::Tint PartitionOverlay::tintOf(const std::string& id) const {
  const QGraphicsRectItem* tint = tintItem(id);
  if (!tint) return Tint::None;
  return tint->data(kTintKey + 1).toBool() ? Tint::Linear : Tint::Nonlinear;
}

}  // namespace kelvin::gui
