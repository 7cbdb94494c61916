print("checkout-sim")
