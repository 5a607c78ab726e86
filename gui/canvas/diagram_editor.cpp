#include "canvas/diagram_editor.h"

#include <algorithm>
#include <limits>

#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/block_item.h"
#include "canvas/breadcrumb_bar.h"
#include "canvas/commands/add_items_command.h"
#include "canvas/commands/group_subsystem_command.h"
#include "canvas/commands/move_items_command.h"
#include "canvas/commands/remove_items_command.h"
#include "canvas/commands/set_orientation_command.h"
#include "canvas/commands/ungroup_subsystem_command.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "document/block_naming.h"
#include "document/diagram_fragment.h"
#include "document/model_document.h"
#include "document/scope_wiring.h"
#include "elaborate/block_registry.h"
#include "palette/quick_insert_box.h"

namespace kelvin::gui {

DiagramEditor::DiagramEditor(ModelDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      scene_(new DiagramScene(document, this)),
      view_(new DiagramView(scene_, this)),
      breadcrumb_(new BreadcrumbBar(this)),
      quickInsert_(new QuickInsertBox(document->registry(), view_)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(breadcrumb_);
  layout->addWidget(view_, 1);

  connect(breadcrumb_, &BreadcrumbBar::levelChosen, this, &DiagramEditor::openLevel);
  connect(scene_, &DiagramScene::selectionChanged, this, &DiagramEditor::selectionChanged);
  connect(scene_, &DiagramScene::levelLost, this, [this] {
    // The subsystem shown was removed (undo of a group, a delete): go to the deepest level that exists.
    LevelPath level = scene_->level();
    while (!level.isEmpty() && !document_->level(level)) level.removeLast();
    openLevel(level);
  });
  connect(view_, &DiagramView::statusMessage, this, &DiagramEditor::statusMessage);
  connect(view_, &DiagramView::blockTypeDropped, this,
          [this](const QString& type, QPointF scenePos) { insertBlock(type, scenePos); });
  connect(view_, &DiagramView::blockActivated, this, [this](const QString& id) {
    const ConstDiagramLevel level = document_->level(scene_->level());
    const core::Block* block = level ? level.findBlock(id.toStdString()) : nullptr;
    if (block && block->type == "Subsystem")
      openSubsystem(block->id);
    else if (block && block->type == kScopeType)
      emit scopeRequested(scene_->level().isEmpty() ? id : scene_->level().join(QLatin1Char('/')) + QLatin1Char('/') + id);
    else if (block)
      emit parametersRequested(id);
  });
  connect(view_, &DiagramView::quickInsertRequested, this, &DiagramEditor::showQuickInsert);
  connect(quickInsert_, &QuickInsertBox::typeChosen, this, [this](const QString& type) {
    insertBlock(type, quickInsertPos_);
    view_->setFocus();
  });
  for (auto signal : {&ModelDocument::componentsChanged, &ModelDocument::modelReset})
    connect(document_, signal, this, [this] { quickInsert_->setTypes(document_->registry()); });
  connect(document_, &ModelDocument::modelReset, this, [this] {
    updateBreadcrumb();
    view_->fitUntilUserZooms();
  });
  updateBreadcrumb();
}

const LevelPath& DiagramEditor::level() const { return scene_->level(); }

std::string DiagramEditor::selectedBlockId() const {
  const std::set<std::string> ids = scene_->selectedBlockIds();
  return ids.size() == 1 ? *ids.begin() : std::string();
}

bool DiagramEditor::hasSelection() const { return !scene_->selectedItems().isEmpty(); }

void DiagramEditor::updateBreadcrumb() {
  QString name = QString::fromStdString(document_->model().name);
  if (name.isEmpty()) name = document_->displayName();
  breadcrumb_->setPath(name, scene_->level());
}

void DiagramEditor::openLevel(const LevelPath& level) {
  if (!document_->level(level)) return;
  const bool changed = level != scene_->level();
  scene_->setLevel(level);
  updateBreadcrumb();
  if (changed) {
    view_->fitUntilUserZooms();
    emit levelChanged(level);
  }
}

void DiagramEditor::openSubsystem(const std::string& id) {
  LevelPath level = scene_->level();
  level << QString::fromStdString(id);
  openLevel(level);
}

void DiagramEditor::goUp() {
  if (scene_->level().isEmpty()) return;
  const QString from = scene_->level().back();
  openLevel(scene_->level().mid(0, scene_->level().size() - 1));
  scene_->selectBlocks({from.toStdString()});
}

void DiagramEditor::showBlock(const QString& path) {
  QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
  if (parts.isEmpty()) return;
  const QString id = parts.takeLast();
  openLevel(parts);
  if (scene_->level() != parts) return;
  scene_->selectBlocks({id.toStdString()});
  if (BlockItem* item = scene_->blockItem(id.toStdString())) view_->ensureVisible(item, 80, 80);
}

std::string DiagramEditor::insertBlock(const QString& typeName, QPointF scenePos) {
  const ConstDiagramLevel level = document_->level(scene_->level());
  if (!level) return {};
  const std::string type = typeName.toStdString();
  const core::ComponentType* componentType = document_->registry().find(type);
  if (!componentType && type != "Subsystem") {
    emit statusMessage(tr("Unknown block type %1").arg(typeName), 5000);
    return {};
  }
  const std::set<std::string> taken = idsOf(*level.blocks);
  core::Block block;
  block.id = uniqueId(idPrefixForType(type) + "1", [&](const std::string& id) { return taken.count(id) > 0; });
  block.type = type;
  if (componentType) {
    for (const core::ParamDecl& param : componentType->params) block.params[param.name] = param.defaultValue;
  }
  const QPointF at = scene_->snap(scenePos);
  block.pos = {at.x(), at.y()};
  const std::string id = block.id;
  document_->undoStack()->push(new AddItemsCommand(document_, scene_->level(), {block}, {}, {},
                                                   tr("Add %1").arg(QString::fromStdString(id))));
  scene_->selectBlocks({id});
  emit statusMessage(tr("Added %1 (%2)").arg(QString::fromStdString(id), typeName), 3000);
  return id;
}

void DiagramEditor::deleteSelection() {
  auto* command = new RemoveItemsCommand(document_, scene_->level(), scene_->selectedBlockIds(),
                                         scene_->selectedPortNames(), scene_->selectedConnections());
  if (command->isEmpty()) {
    delete command;
    return;
  }
  document_->undoStack()->push(command);
}

void DiagramEditor::rotateSelection(bool clockwise) {
  const ConstDiagramLevel level = document_->level(scene_->level());
  std::vector<SetOrientationCommand::Orientation> orientations;
  for (const std::string& id : scene_->selectedBlockIds()) {
    const core::Block* block = level.findBlock(id);
    if (!block) continue;
    double rotation = std::fmod(block->rotation + (clockwise ? 90 : 270), 360.0);
    if (rotation < 0) rotation += 360;
    orientations.push_back({id, rotation, block->flipped});
  }
  if (orientations.empty()) return;
  document_->undoStack()->push(new SetOrientationCommand(document_, scene_->level(), std::move(orientations),
                                                         clockwise ? tr("Rotate") : tr("Rotate counter-clockwise")));
}

void DiagramEditor::flipSelection() {
  const ConstDiagramLevel level = document_->level(scene_->level());
  std::vector<SetOrientationCommand::Orientation> orientations;
  for (const std::string& id : scene_->selectedBlockIds()) {
    if (const core::Block* block = level.findBlock(id)) orientations.push_back({id, block->rotation, !block->flipped});
  }
  if (orientations.empty()) return;
  document_->undoStack()->push(
      new SetOrientationCommand(document_, scene_->level(), std::move(orientations), tr("Flip")));
}

void DiagramEditor::copySelection() const {
  const std::set<std::string> ids = scene_->selectedBlockIds();
  if (ids.empty()) return;
  const std::string text = DiagramFragment::serialize(document_->level(scene_->level()), ids);
  auto* data = new QMimeData;
  data->setData(DiagramFragment::kMimeType, QByteArray::fromStdString(text));
  data->setText(QString::fromStdString(text));
  QApplication::clipboard()->setMimeData(data);
}

void DiagramEditor::cutSelection() {
  if (scene_->selectedBlockIds().empty()) return;
  copySelection();
  document_->undoStack()->beginMacro(tr("Cut"));
  deleteSelection();
  document_->undoStack()->endMacro();
}

void DiagramEditor::pasteText(const std::string& text, bool atCursor, QPointF offset, const QString& commandText) {
  const ConstDiagramLevel level = document_->level(scene_->level());
  std::optional<QPointF> centre;
  if (atCursor) centre = view_->cursorScenePos();
  std::optional<DiagramFragment::Pieces> pieces =
      DiagramFragment::prepare(text, idsOf(*level.blocks), centre, offset, DiagramScene::kGrid);
  if (!pieces) {
    emit statusMessage(tr("The clipboard holds no blocks"), 3000);
    return;
  }
  const std::vector<std::string> ids = pieces->ids;
  document_->undoStack()->push(new AddItemsCommand(document_, scene_->level(), std::move(pieces->blocks),
                                                   std::move(pieces->connections), {}, commandText));
  scene_->selectBlocks(ids);
}

void DiagramEditor::paste() {
  const QMimeData* data = QApplication::clipboard()->mimeData();
  if (!data) return;
  std::string text;
  if (data->hasFormat(DiagramFragment::kMimeType))
    text = data->data(DiagramFragment::kMimeType).toStdString();
  else if (data->hasText())
    text = data->text().toStdString();
  if (text.empty()) return;
  pasteText(text, view_->cursorInView(), QPointF(40, 40), tr("Paste"));
}

void DiagramEditor::duplicateSelection() {
  const std::set<std::string> ids = scene_->selectedBlockIds();
  if (ids.empty()) return;
  pasteText(DiagramFragment::serialize(document_->level(scene_->level()), ids), false, QPointF(40, 40),
            tr("Duplicate"));
}

void DiagramEditor::selectAll() {
  for (QGraphicsItem* item : scene_->items())
    if (item->flags() & QGraphicsItem::ItemIsSelectable) item->setSelected(true);
}

void DiagramEditor::alignSelection(Alignment alignment) {
  std::vector<BlockItem*> items;
  for (const std::string& id : scene_->selectedBlockIds())
    if (BlockItem* item = scene_->blockItem(id)) items.push_back(item);
  if (items.size() < 2) {
    emit statusMessage(tr("Select two or more blocks to align"), 3000);
    return;
  }
  double target = 0;
  const bool horizontal = alignment == Alignment::Left || alignment == Alignment::HorizontalCentre ||
                          alignment == Alignment::Right;
  switch (alignment) {
    case Alignment::Left: target = std::numeric_limits<double>::max(); break;
    case Alignment::Top: target = std::numeric_limits<double>::max(); break;
    case Alignment::Right: target = -std::numeric_limits<double>::max(); break;
    case Alignment::Bottom: target = -std::numeric_limits<double>::max(); break;
    default: break;
  }
  for (BlockItem* item : items) {
    const QRectF body = item->bodySceneRect();
    switch (alignment) {
      case Alignment::Left: target = std::min(target, body.left()); break;
      case Alignment::Right: target = std::max(target, body.right()); break;
      case Alignment::Top: target = std::min(target, body.top()); break;
      case Alignment::Bottom: target = std::max(target, body.bottom()); break;
      case Alignment::HorizontalCentre: target += body.center().x() / items.size(); break;
      case Alignment::VerticalCentre: target += body.center().y() / items.size(); break;
    }
  }
  std::vector<MoveItemsCommand::Move> moves;
  for (BlockItem* item : items) {
    const QRectF body = item->bodySceneRect();
    QPointF delta;
    switch (alignment) {
      case Alignment::Left: delta.setX(target - body.left()); break;
      case Alignment::Right: delta.setX(target - body.right()); break;
      case Alignment::Top: delta.setY(target - body.top()); break;
      case Alignment::Bottom: delta.setY(target - body.bottom()); break;
      case Alignment::HorizontalCentre: delta.setX(target - body.center().x()); break;
      case Alignment::VerticalCentre: delta.setY(target - body.center().y()); break;
    }
    QPointF to = item->modelPos() + delta;
    to = horizontal ? QPointF(scene_->snap(to).x(), to.y()) : QPointF(to.x(), scene_->snap(to).y());
    if (to != item->modelPos()) moves.push_back({false, item->name(), {to.x(), to.y()}});
  }
  if (moves.empty()) return;
  document_->undoStack()->push(new MoveItemsCommand(document_, scene_->level(), std::move(moves), tr("Align")));
}

void DiagramEditor::groupSelection() {
  const std::set<std::string> ids = scene_->selectedBlockIds();
  if (ids.empty()) {
    emit statusMessage(tr("Select the blocks to group into a subsystem"), 3000);
    return;
  }
  const ConstDiagramLevel level = document_->level(scene_->level());
  const std::set<std::string> taken = idsOf(*level.blocks);
  const std::string id = uniqueId("Sub1", [&](const std::string& n) { return taken.count(n) > 0; });
  document_->undoStack()->push(new GroupSubsystemCommand(document_, scene_->level(), ids, id, DiagramScene::kGrid));
  scene_->selectBlocks({id});
}

void DiagramEditor::ungroupSelection() {
  const std::string id = selectedBlockId();
  const ConstDiagramLevel level = document_->level(scene_->level());
  const core::Block* block = id.empty() ? nullptr : level.findBlock(id);
  if (!block || block->type != "Subsystem") {
    emit statusMessage(tr("Select one subsystem to ungroup"), 3000);
    return;
  }
  if (!block->params.empty()) {
    emit statusMessage(tr("%1 has parameters that its blocks use; it cannot be ungrouped")
                           .arg(QString::fromStdString(id)),
                       5000);
    return;
  }
  auto* command = new UngroupSubsystemCommand(document_, scene_->level(), id, DiagramScene::kGrid);
  const std::vector<std::string> ids = command->newIds();
  document_->undoStack()->push(command);
  scene_->selectBlocks(ids);
}

void DiagramEditor::showQuickInsert(const QString& text) {
  quickInsertPos_ = view_->cursorScenePos();
  const QPoint at = view_->mapFromScene(quickInsertPos_);
  quickInsert_->popup(at + QPoint(8, 8), text);
}

}  // namespace kelvin::gui
