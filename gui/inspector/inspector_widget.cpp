#include "inspector/inspector_widget.h"

#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/commands/rename_block_command.h"
#include "canvas/commands/set_parameters_command.h"
#include "document/block_naming.h"
#include "document/level_scope.h"
#include "document/model_document.h"
#include "inspector/parameter_form.h"

namespace kelvin::gui {

InspectorWidget::InspectorWidget(ModelDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), stack_(new QStackedWidget(this)), hint_(new QLabel(this)),
      form_(new ParameterForm(document->registry(), this)) {
  hint_->setText(tr("Select a block to see its parameters."));
  hint_->setAlignment(Qt::AlignCenter);
  hint_->setWordWrap(true);
  hint_->setStyleSheet(QStringLiteral("color: #7a8594;"));
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(form_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  stack_->addWidget(hint_);
  stack_->addWidget(scroll);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(stack_);

  connect(form_, &ParameterForm::parameterEdited, this, [this](const std::string& name, const std::string& value) {
    auto* command = new SetParametersCommand(document_, level_, id_, {{name, value}});
    if (command->isNoOp()) {
      delete command;
      return;
    }
    document_->undoStack()->push(command);
  });
  connect(form_, &ParameterForm::idEdited, this, [this](const std::string& id) {
    const std::string old = id_;
    id_ = id;
    document_->undoStack()->push(new RenameBlockCommand(document_, level_, old, id));
    emit blockRenamed(QString::fromStdString(id));
  });
  connect(document_, &ModelDocument::levelChanged, this, &InspectorWidget::refresh);
  connect(document_, &ModelDocument::variablesChanged, this, &InspectorWidget::refresh);
  connect(document_, &ModelDocument::modelReset, this, [this] { showBlock({}, {}); });
}

void InspectorWidget::showBlock(const LevelPath& level, const std::string& id) {
  const bool same = level == level_ && id == id_ && stack_->currentIndex() == 1;
  level_ = level;
  id_ = id;
  const ConstDiagramLevel l = document_->level(level);
  const core::Block* block = (l && !id.empty()) ? l.findBlock(id) : nullptr;
  if (!block) {
    stack_->setCurrentIndex(0);
    return;
  }
  std::set<std::string> others = idsOf(*l.blocks);
  others.erase(id);
  if (same)
    form_->refresh(*block, std::move(others), scopeForLevel(document_->model(), level));
  else
    form_->setBlock(*block, std::move(others), scopeForLevel(document_->model(), level));
  stack_->setCurrentIndex(1);
}

void InspectorWidget::refresh() { showBlock(level_, id_); }

}  // namespace kelvin::gui
