#include "palette/palette_widget.h"

#include <QLineEdit>
#include <QVBoxLayout>

#include "palette/palette_tree.h"

namespace kelvin::gui {

PaletteWidget::PaletteWidget(const core::BlockRegistry& registry, QWidget* parent)
    : QWidget(parent), search_(new QLineEdit(this)), tree_(new PaletteTree(registry, this)) {
  search_->setPlaceholderText(tr("Search blocks…"));
  search_->setClearButtonEnabled(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  layout->addWidget(search_);
  layout->addWidget(tree_, 1);
  connect(search_, &QLineEdit::textChanged, tree_, &PaletteTree::setFilter);
  connect(tree_, &PaletteTree::typeActivated, this, &PaletteWidget::typeActivated);
  connect(search_, &QLineEdit::returnPressed, this, [this] {
    for (int f = 0; f < tree_->topLevelItemCount(); ++f) {
      QTreeWidgetItem* family = tree_->topLevelItem(f);
      for (int i = 0; i < family->childCount(); ++i) {
        if (!family->child(i)->isHidden()) {
          emit typeActivated(family->child(i)->data(0, PaletteTree::kTypeRole).toString());
          return;
        }
      }
    }
  });
}

void PaletteWidget::refresh() {
  tree_->populate();
  tree_->setFilter(search_->text());
}

}  // namespace kelvin::gui
