#include "palette/quick_insert_box.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStandardItemModel>

#include "elaborate/block_registry.h"
#include "i18n/library_text.h"

namespace kelvin::gui {

namespace {
constexpr int kTypeRole = Qt::UserRole + 1;
}

QuickInsertBox::QuickInsertBox(const core::BlockRegistry& registry, QWidget* parent)
    : QFrame(parent), edit_(new QLineEdit(this)), completer_(new QCompleter(this)), model_(new QStandardItemModel(this)) {
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);
  setObjectName(QStringLiteral("quickInsert"));
  setStyleSheet(QStringLiteral("#quickInsert { background: white; border: 1px solid #1e88e5; border-radius: 4px; }"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  auto* label = new QLabel(tr("Insert:"), this);
  layout->addWidget(label);
  layout->addWidget(edit_);
  edit_->setMinimumWidth(260);
  edit_->setPlaceholderText(tr("block name, e.g. resistor"));
  setTypes(registry);
  completer_->setModel(model_);
  completer_->setCaseSensitivity(Qt::CaseInsensitive);
  completer_->setFilterMode(Qt::MatchContains);
  completer_->setCompletionMode(QCompleter::PopupCompletion);
  completer_->setMaxVisibleItems(12);
  edit_->setCompleter(completer_);
  edit_->installEventFilter(this);
  connect(completer_, qOverload<const QModelIndex&>(&QCompleter::activated), this, [this](const QModelIndex& index) {
    const QString type = index.data(kTypeRole).toString();
    hide();
    if (!type.isEmpty()) emit typeChosen(type);
  });
  connect(edit_, &QLineEdit::returnPressed, this, &QuickInsertBox::accept);
  hide();
}

void QuickInsertBox::setTypes(const core::BlockRegistry& registry) {
  model_->clear();
  for (const core::ComponentType* type : registry.all()) {
    auto* item = new QStandardItem(QStringLiteral("%1 — %2").arg(blockTitle(*type),
                                                                 QString::fromStdString(type->type)));
    item->setData(QString::fromStdString(type->type), kTypeRole);
    model_->appendRow(item);
  }
}

void QuickInsertBox::popup(QPoint pos, const QString& text) {
  adjustSize();
  if (parentWidget()) {
    const QRect area = parentWidget()->rect();
    pos.setX(std::clamp(pos.x(), 0, std::max(0, area.width() - width())));
    pos.setY(std::clamp(pos.y(), 0, std::max(0, area.height() - height())));
  }
  move(pos);
  show();
  raise();
  edit_->setText(text);
  edit_->setFocus();
  if (!text.isEmpty()) completer_->complete();
}

QString QuickInsertBox::resolve(const QString& text) const {
  const QString needle = text.trimmed();
  if (needle.isEmpty()) return {};
  QString first;
  for (int row = 0; row < model_->rowCount(); ++row) {
    const QStandardItem* item = model_->item(row);
    const QString type = item->data(kTypeRole).toString();
    const QString title = item->text().section(QStringLiteral(" — "), 0, 0);
    if (needle.compare(type, Qt::CaseInsensitive) == 0 || needle.compare(title, Qt::CaseInsensitive) == 0 ||
        needle.compare(item->text(), Qt::CaseInsensitive) == 0)
      return type;
    if (first.isEmpty() && item->text().contains(needle, Qt::CaseInsensitive)) first = type;
  }
  return first;
}

void QuickInsertBox::accept() {
  if (!isVisible()) return;
  const QString type = resolve(edit_->text());
  completer_->popup()->hide();
  hide();
  if (!type.isEmpty()) emit typeChosen(type);
}

bool QuickInsertBox::eventFilter(QObject* watched, QEvent* event) {
  if (watched == edit_) {
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
      completer_->popup()->hide();
      hide();
      return true;
    }
    if (event->type() == QEvent::FocusOut && !completer_->popup()->isVisible()) hide();
  }
  return QFrame::eventFilter(watched, event);
}

}  // namespace kelvin::gui
