#include "scopes/signal_chooser.h"

#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace kelvin::gui {

SignalChooser::SignalChooser(QWidget* parent)
    : QFrame(parent), filter_(new QLineEdit(this)), list_(new QListWidget(this)) {
  setObjectName(QStringLiteral("signalChooser"));
  setFrameShape(QFrame::StyledPanel);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(filter_);
  layout->addWidget(list_);
  filter_->setPlaceholderText(tr("Filter signals"));
  filter_->setClearButtonEnabled(true);
  list_->setUniformItemSizes(true);
  list_->setMinimumSize(240, 300);
  connect(filter_, &QLineEdit::textChanged, this, &SignalChooser::applyFilter);
  connect(list_, &QListWidget::itemChanged, this, [this] {
    if (!filling_) Q_EMIT chosen(checkedSignals());
  });
}

void SignalChooser::setSignals(const QStringList& available, const QStringList& checked) {
  filling_ = true;
  filter_->clear();
  list_->clear();
  for (const QString& name : available) {
    auto* item = new QListWidgetItem(name, list_);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(checked.contains(name) ? Qt::Checked : Qt::Unchecked);
  }
  filling_ = false;
}

QStringList SignalChooser::checkedSignals() const {
  QStringList names;
  for (int i = 0; i < list_->count(); ++i)
    if (list_->item(i)->checkState() == Qt::Checked) names << list_->item(i)->text();
  return names;
}

void SignalChooser::applyFilter(const QString& text) {
  for (int i = 0; i < list_->count(); ++i)
    list_->item(i)->setHidden(!list_->item(i)->text().contains(text, Qt::CaseInsensitive));
}

}  // namespace kelvin::gui
