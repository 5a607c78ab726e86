// The core headers come first: FlatSystem has a member named `signals`, which Qt's headers define as a macro.
#include "run/partition_analysis.h"

#include "analysis/partition_overlay.h"

#include <QBrush>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <QTimer>

#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "document/model_document.h"

namespace kelvin::gui {

namespace {

constexpr int kTintKey = 0x6b70;   // QGraphicsItem::data key marking a tint rectangle
constexpr int kNoiseKey = 0x6b72;  // ... and the noise label
constexpr double kNoiseHz = 1.0;   // the frequency of the correlation shown
constexpr int kDebounceMs = 150;

const QColor kLinearTint(40, 120, 220, 70);
const QColor kNonlinearTint(230, 110, 20, 90);

/// The prefix of the element paths of the blocks on `level` ("" at the top, "Sub1/" inside Sub1).
std::string levelPrefix(const QStringList& level) {
  std::string prefix;
  for (const QString& id : level) prefix += id.toStdString() + "/";
  return prefix;
}

QString complexText(std::complex<double> z) {
  return QStringLiteral("%1 %2 %3j")
      .arg(z.real(), 0, 'g', 4)
      .arg(z.imag() < 0.0 ? QChar(0x2212) : QChar('+'))
      .arg(std::abs(z.imag()), 0, 'g', 4);
}

/// The partition's tints (element path → linear) and its noise texts, made on the pool thread.
struct PartitionResult {
  std::map<std::string, bool> linear;
  std::vector<core::PortionReport> reports;
};

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
  connect(scene_, &QGraphicsScene::selectionChanged, this, &PartitionOverlay::showSelectedNoise);
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
  tasks_.run<PartitionResult>(
      this,
      [model, file, registry] {
        PartitionResult result;
        result.reports = core::partitionWithNoise(model, *registry, file, {kNoiseHz});
        for (const core::PortionReport& report : result.reports)
          for (const std::string& element : report.portion.elements) result.linear[element] = report.portion.linear;
        return result;
      },
      [this, generation](const TaskOutcome<PartitionResult>& outcome) {
        if (generation != generation_ || !shown_) return;
        error_ = outcome.error;
        if (outcome.value) {  // on error, keep the last partition shown
          linear_ = outcome.value->linear;
          noise_.clear();
          for (const core::PortionReport& report : outcome.value->reports) {
            if (report.portion.ports.empty()) continue;
            QString text;
            if (report.noise.empty()) {
              text = tr("No port noise by Bosma's theorem: %1").arg(QString::fromStdString(report.note));
            } else {
              const core::PortNoiseCorrelation& c = report.noise.front();
              text = tr("Noise at the ports: C_s = kT(I − SS†) at %1 Hz, z0 = %2, in W/Hz")
                         .arg(c.frequencyHz)
                         .arg(c.referenceImpedance, 0, 'g', 4);
              for (Eigen::Index i = 0; i < c.correlation.rows(); ++i) {
                QStringList row;
                for (Eigen::Index j = 0; j < c.correlation.cols(); ++j) row << complexText(c.correlation(i, j));
                text += QStringLiteral("\n[ ") + row.join(QStringLiteral(",  ")) + QStringLiteral(" ]");
              }
            }
            for (const std::string& element : report.portion.elements) noise_[element] = text;
          }
        }
        apply();
        showSelectedNoise();
        Q_EMIT updated();
      });
}

void PartitionOverlay::clearTints() {
  // Collected first: deleting the noise label deletes its text child, which items() lists too.
  std::vector<QGraphicsItem*> doomed;
  for (QGraphicsItem* item : scene_->items())
    if (item->data(kTintKey).toBool() || item->data(kNoiseKey).toBool()) doomed.push_back(item);
  for (QGraphicsItem* item : doomed) delete item;
}

QString PartitionOverlay::noiseText(const std::string& id) const {
  auto it = noise_.find(levelPrefix(scene_->level()) + id);
  return it == noise_.end() ? QString() : it->second;
}

QGraphicsItem* PartitionOverlay::noiseLabel() const {
  // Found under its block, not among every item of the scene (each selection change asks).
  BlockItem* block = noiseBlock_.empty() ? nullptr : scene_->blockItem(noiseBlock_);
  if (!block) return nullptr;
  for (QGraphicsItem* child : block->childItems())
    if (child->data(kNoiseKey).toBool()) return child;
  return nullptr;
}

void PartitionOverlay::showSelectedNoise() {
  delete noiseLabel();
  noiseBlock_.clear();
  if (!shown_) return;
  for (QGraphicsItem* item : scene_->selectedItems()) {
    auto* block = qgraphicsitem_cast<BlockItem*>(item);
    if (!block) continue;
    const QString text = noiseText(block->name());
    if (text.isEmpty()) continue;
    // A framed label under the block, a child so it moves with it; it takes no clicks.
    auto* frame = new QGraphicsRectItem(block);
    frame->setData(kNoiseKey, true);
    auto* label = new QGraphicsSimpleTextItem(text, frame);
    const QRectF body = block->mapRectFromScene(block->bodySceneRect());
    label->setPos(body.left(), body.bottom() + 12.0);
    frame->setRect(label->mapRectToParent(label->boundingRect()).adjusted(-4, -3, 4, 3));
    frame->setBrush(QColor(255, 255, 240, 235));
    frame->setPen(QPen(QColor(120, 120, 120), 1.0));
    frame->setAcceptedMouseButtons(Qt::NoButton);
    frame->setZValue(10.0);
    noiseBlock_ = block->name();
    return;
  }
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
