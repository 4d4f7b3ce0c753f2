print("tutorbuild")
