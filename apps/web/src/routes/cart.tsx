/**
 * /delivery/cart and /cart (signed-in users; DEL-19..37): the dishes, the address and card to
 * use, and payment. Composes the cart, the account's addresses and the saved cards.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../shared/i18n';
import { useLocation } from 'react-router';
import {
  acceptMenuChanges,
  amountToReach,
  checkCart,
  DELIVERY_FEE_KOPECKS,
  DELIVERY_PROMISE_MINUTES,
  isOrderTotalAllowed,
  ORDER_TOTAL_MAX_KOPECKS,
  orderSummary,
  textIn,
  type CardReturnPath,
  type CartLine,
  type CartProduct,
  type DoorMethod,
} from '@hotel/domain';
import { useAddresses } from '../features/account/api/get-addresses';
import { useSaveAddress, type AddressInput } from '../features/account/api/save-address';
import { AddressForm } from '../features/account/components/address-form';
import { CartLines } from '../features/cart/components/cart-lines';
import { CheckoutPanel, type Choice } from '../features/cart/components/checkout-panel';
import { ROOM_BILL_CHOICE } from '../features/cart/lib/room-bill';
import { EmptyCart } from '../features/cart/components/empty-cart';
import { OrderingClosed } from '../features/cart/components/ordering-closed';
import { useOrdering } from '../features/cart/api/get-ordering';
import { useRoomService } from '../features/cart/api/get-room-service';
import { usePayAtDoor } from '../features/cart/api/get-pay-at-door';
import styles from '../features/cart/components/cart.module.css';
import { useCheckout } from '../features/cart/hooks/use-checkout';
import { usePaymentMethods } from '../features/payments/api/get-payment-methods';
import { useStartCard } from '../features/payments/api/start-card';
import { useCardReturn } from '../features/payments/hooks/use-card-return';
import { useCart, useCartLoaded } from '../shared/cart/cart-store';
import { usePageTitle } from '../shared/seo/page-title';
import { formatMoney } from '../shared/format/money';
import { useLanguage } from '../shared/hooks/use-language';
import { useMenu } from '../shared/menu/get-menu';
import { Button, Modal, toast } from '../shared/ui';
import { paths } from '../shared/paths';
import { promoRefusalOf } from '../features/promo/api/promo';
import { PromoCodeField, usePromoRefusalText, type AppliedPromo } from '../features/promo/components/promo-code-field';

export function Component() {
  const { t } = useTranslation(['restaurant', 'account', 'common']);
  const { language } = useLanguage();
  const { pathname } = useLocation();
  useCartLoaded();
  const items = useCart((cart) => cart.items);
  const clear = useCart((cart) => cart.clear);
  const setItems = useCart((cart) => cart.setItems);
  const selectAddress = useCart((cart) => cart.selectAddress);
  const selectCard = useCart((cart) => cart.selectPaymentMethod);
  const menu = useMenu();
  const addresses = useAddresses();
  const cards = usePaymentMethods();
  const startCard = useStartCard(pathname === paths.cart ? paths.cart : (paths.deliveryCart satisfies CardReturnPath));
  const { checking } = useCardReturn(useCallback((id: string) => selectCard(id), [selectCard]));
  const saveAddress = useSaveAddress();
  const [addingAddress, setAddingAddress] = useState(false);
  /** What "Empty the cart" took away, to put back with one tap until the guest adds something. */
  const [emptied, setEmptied] = useState<readonly CartLine[] | null>(null);
  const fill = useCart((cart) => cart.fill);
  const checkout = useCheckout();
  usePageTitle(t('restaurant:cart.meta.title'), { brand: false });

  // Until the menu has loaded, the cart is shown at the prices the guest saw.
  const today: CartProduct[] = useMemo(
    () =>
      menu.data ??
      items.map((line) => ({
        id: line.product_id,
        price: line.price,
        name: line.name,
        image: line.image,
        // The options the guest saw, as a group of their own, until the menu tells today's.
        option_groups: [{ id: 0, name: line.name, kind: 'any' as const, max: 99, options: line.options ?? [] }],
      })),
    [menu.data, items],
  );
  const checked = useMemo(() => checkCart(items, today), [items, today]);
  const changed = checked.some((line) => line.state !== 'ok');
  const ordering = useOrdering();
  // Room service (issue 24): offered only during a stay in progress, and chosen first then.
  const roomService = useRoomService();
  const stays = roomService.data?.stays;
  /** The room the guest chose (a reservation id), null for an address, undefined: not chosen yet. */
  const [roomChoice, setRoomChoice] = useState<number | null | undefined>(undefined);
  const reservationId =
    roomChoice === undefined ? (stays?.[0]?.reservation_id ?? null) : stays?.some((stay) => stay.reservation_id === roomChoice) ? roomChoice : null;
  const thresholds = { min_order: ordering.data?.min_order ?? 0, free_delivery_from: ordering.data?.free_delivery_from ?? null, delivery_fee: ordering.data?.delivery_fee ?? DELIVERY_FEE_KOPECKS };
  const pricedLines = checked.filter((l) => l.product).map((l) => ({ price: l.unit, quantity: l.line.quantity }));
  const destinationKind = reservationId === null ? 'address' : 'room';
  // To the room, the card that guarantees the stay is chosen first; the guest may take another.
  const stayCard = stays?.find((stay) => stay.reservation_id === reservationId)?.payment_method_id ?? null;
  const stayCardChosen = useRef<string | null>(null);
  useEffect(() => {
    if (stayCard === null) stayCardChosen.current = null;
    if (stayCard === null || stayCardChosen.current === stayCard || !cards.data?.some((card) => card.payment_method_id === stayCard)) return;
    stayCardChosen.current = stayCard;
    selectCard(stayCard);
  }, [stayCard, cards.data, selectCard]);
  /** The promo code applied, as the server priced it for these dishes (decision 043); the order prices it again. */
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const promoRefusalText = usePromoRefusalText();
  // The domain's one pricing of an order, the code's discount in it (never below 0), as the server prices it.
  const summary = orderSummary(pricedLines, thresholds, destinationKind, promo?.discount ?? 0);
  const tooLarge = !isOrderTotalAllowed(summary);
  const kitchenClosed = ordering.data?.open === false;
  // The owner's minimum (issue 24): the cart says how much more, and paying waits for it.
  const toMinimum = amountToReach(summary.items, thresholds.min_order || null);
  /** The slot chosen (its start), or null: as soon as possible. A slot no longer offered falls back to that. */
  const [chosenSlot, setChosenSlot] = useState<string | null>(null);
  const deliverAt = chosenSlot !== null && ordering.data?.slots.some((slot) => slot.at === chosenSlot) ? chosenSlot : null;
  // Paying waits for what the order is made of: a tap while the addresses or cards were on their
  // way found none chosen yet and was refused with "choose an address", and one before the stays
  // or the kitchen's thresholds came would price the order without them.
  // Paying the courier (issue 46): offered to a guest the server allows, to an address, up to the owner's cap; the server asks again.
  const payAtDoor = usePayAtDoor();
  const doorOffer = payAtDoor.data;
  const doorMethods = doorOffer?.allowed && destinationKind === 'address' && summary.total > 0 && summary.total <= doorOffer.cap ? doorOffer.methods : [];
  const [doorChoice, setDoorChoice] = useState<DoorMethod | null>(null);
  const doorMethod = doorChoice !== null && doorMethods.includes(doorChoice) ? doorChoice : null;
  const loading = addresses.isPending || cards.isPending || ordering.isPending || roomService.isPending;

  const addressChoices: Choice<number>[] | undefined = addresses.data?.map((a) => ({ value: a.id, label: `${a.label} — ${a.address}`, primary: a.is_primary }));
  const savedCardChoices: Choice<string>[] | undefined = cards.data?.map((c) => ({
    value: c.payment_method_id,
    label: `${t('restaurant:cart.card.option', { brand: c.brand.toUpperCase(), last4: c.card_last4 })}${c.primary ? ` · ${t('restaurant:cart.card.primary')}` : ''}`,
    primary: c.primary,
  }));
  // To the room of a stay in progress, the room bill is a way to pay beside the cards (issue 45).
  const cardChoices: Choice<string>[] | undefined =
    savedCardChoices && reservationId !== null ? [...savedCardChoices, { value: ROOM_BILL_CHOICE, label: t('restaurant:cart.roomBill.option'), primary: false }] : savedCardChoices;

  async function addAddress(body: AddressInput) {
    try {
      const address = await saveAddress.mutateAsync({ body });
      selectAddress(address.id);
      setAddingAddress(false);
      toast.success(t('restaurant:cart.address.added'));
    } catch {
      toast.error(t('account:address.saveError'));
    }
  }

  function pay() {
    const { selectedAddressId, selectedPaymentMethodId, comment } = useCart.getState();
    void checkout.pay({
      lines: items,
      expectedTotal: summary.total,
      addressId: selectedAddressId,
      reservationId,
      paymentMethodId: selectedPaymentMethodId,
      payAtDoor: doorMethod,
      comment,
      deliverAt,
      promoCode: promo?.code ?? null,
      promoRefusal: (error) => {
        if (!promoRefusalOf(error)) return null;
        setPromo(null);
        return promoRefusalText(error);
      },
    });
  }

  return (
    <div className={`container ${styles.page}`} data-testid="cart-page">
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('restaurant:cart.title')}</h1>
          <p className={styles.lead}>{t('restaurant:cart.lead', { minutes: DELIVERY_PROMISE_MINUTES })}</p>
        </div>
      </div>

      {items.length === 0 && !checkout.busy ? (
        <EmptyCart
          onUndo={
            emptied
              ? () => {
                  fill(emptied);
                  setEmptied(null);
                }
              : undefined
          }
        />
      ) : (
        <div className={styles.columns}>
          <div>
            {menu.isError ? (
              <p className={styles.banner} role="alert">
                {t('restaurant:cart.menuError')}
              </p>
            ) : menu.isPending ? (
              <p className={styles.muted} role="status">
                {t('restaurant:cart.menuLoading')}
              </p>
            ) : changed ? (
              <div className={styles.banner} role="alert" data-testid="menu-changed">
                <p>{t('restaurant:cart.menuChanged')}</p>
                <Button size="sm" variant="primary" onClick={() => menu.data && setItems(acceptMenuChanges(useCart.getState(), menu.data).items)}>
                  {t('restaurant:cart.acceptChanges')}
                </Button>
              </div>
            ) : null}
            {kitchenClosed && ordering.data ? <OrderingClosed state={ordering.data} /> : null}
            {toMinimum > 0 ? (
              <p className={styles.banner} role="alert" data-testid="below-minimum">
                {t('restaurant:cart.thresholds.minimum', {
                  more: formatMoney(toMinimum, language, t('common:currency')),
                  min: formatMoney(thresholds.min_order, language, t('common:currency')),
                })}
              </p>
            ) : null}
            {tooLarge ? (
              <p className={styles.banner} role="alert" data-testid="order-too-large">
                {t('restaurant:checkout.tooLarge', { max: formatMoney(ORDER_TOTAL_MAX_KOPECKS, language, t('common:currency')) })}
              </p>
            ) : null}
            <CartLines lines={checked} />
            <div className={styles.listFooter}>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setEmptied(items);
                  clear();
                }}
                disabled={checkout.busy}
                data-testid="clear-cart"
              >
                {t('restaurant:cart.clear')}
              </Button>
            </div>
          </div>
          <CheckoutPanel
            summary={summary}
            addresses={addressChoices}
            rooms={stays?.map((stay) => ({ value: stay.reservation_id, label: textIn(stay.room, language), primary: false }))}
            roomId={reservationId}
            onRoom={setRoomChoice}
            cards={cardChoices}
            onAddAddress={() => setAddingAddress(true)}
            onAddCard={() => startCard.mutate(undefined, { onError: () => toast.error(t('account:payments.addError')) })}
            addingCard={startCard.isPending || startCard.isSuccess}
            checkingCard={checking}
            blocked={changed || !menu.data || loading || tooLarge || kitchenClosed || toMinimum > 0}
            ordering={ordering.data}
            deliverAt={deliverAt}
            onDeliverAt={setChosenSlot}
            busy={checkout.busy}
            declined={checkout.declined}
            onCardChange={checkout.forgetDecline}
            onPay={pay}
            promo={promo}
            doorMethods={doorMethods}
            doorMethod={doorMethod}
            onDoorMethod={setDoorChoice}
            promoField={<PromoCodeField scope="delivery" amount={summary.items} applied={promo} onChange={setPromo} disabled={checkout.busy} />}
          />
        </div>
      )}

      <Modal open={addingAddress} onOpenChange={setAddingAddress} title={t('account:address.createTitle')} size="medium">
        <AddressForm onSubmit={addAddress} onCancel={() => setAddingAddress(false)} />
      </Modal>
    </div>
  );
}
